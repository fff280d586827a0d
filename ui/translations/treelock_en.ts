<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Presentation</name>
    <message>
        <source>X held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIX held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IX intention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IS intention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>covered by X</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>covered by S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exclusive lock held on this node and its whole subtree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared lock on the subtree, with writes below it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared (read) lock held on this node and its whole subtree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lease below writes: this folder cannot be moved, renamed or deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lease below reads: this folder cannot be moved or deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside a subtree locked exclusively above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside a subtree locked shared above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease expired but not reaped yet: blocks nothing; Release expired removes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge recycle bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n waiting</numerusform>
            <numerusform>%n waiting</numerusform>
        </translation>
    </message>
    <message>
        <source>the %1 lock held on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued behind %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waits here behind %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waits here for %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused by an unidentified lease holding %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued behind %1, who has waited longer (%2 on %3; clash at %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grace %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fairness off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting %1 (since %2); last attempt %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused by %1&apos;s lease %2 (%3): %4 on %5, clash at %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frees in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its lease expired %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holds back %1: they queue behind it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has waited past the project&apos;s fairness grace (%1 ms): a newer request that conflicts with it waits behind it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has waited past the project&apos;s grace: a newer request that conflicts with it waits behind it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectTree</name>
    <message>
        <source>Not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a Treelock tree file (expected &quot;format&quot;: &quot;treelock-tree&quot; and a &quot;paths&quot; array)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>First: &lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Second: &lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed: %1 &amp;nbsp; Engine: %2 (%3)&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clash at %1: held %2, wanted %3 (first operation&apos;s %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;Reason:&lt;/i&gt; %1&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;Reading:&lt;/i&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>Crash and expiry: the operator sees the expired lease and releases it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A crashes while moving /A/C: its lease is never released. While the lease lives, it still blocks others; once its TTL has passed it blocks nothing, and the operator sees it marked expired in the lock table and releases it (no --admin needed for an expired lease; the release is audited in the event stream).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A starts moving /A/C into /B (TTL 300 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&apos;s process dies: the lease is not released and nobody renews it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right after the crash, A&apos;s lease is still live: B cannot delete c.txt, and is told A is in the way and for how long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>450 ms later the lease&apos;s TTL has passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operator&apos;s lock table shows A&apos;s lease as EXPIRED (not reaped yet: reaping is lazy).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operator releases it; the event stream records who did it and why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lock table is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B tries again and gets the lock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>c.txt goes to the recycle bin. A&apos;s move never happened, so the tree is consistent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The half-started move left nothing behind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failover: a lock lost with the primary, and the same story with --min-replicas 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis replicates asynchronously: the primary answers a grant before any replica has it. If the primary dies then, the replica the sentinels promote never heard of the grant, and the next client is granted the same lock. That is the weakness the seed&apos;s 004 document names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Played on a private primary, one replica and three sentinels. The replica is held back before each grant, so the loss is certain. First without --min-replicas: two holders at once, and only the fencing token keeps the old holder from overwriting the new one&apos;s save. Then with --min-replicas 1: the grant no replica acknowledged is rolled back and refused, so nobody holds what a failover would lose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The replica falls behind: from now on it receives nothing from the primary.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A locks d.txt to save it. The primary grants it at once; only the primary knows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The primary dies (SIGKILL). The sentinels promote the replica, which never saw A&apos;s grant; the old primary comes back empty as its replica.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B asks for the same file and is granted it: A and B now both believe they hold d.txt. B&apos;s fencing token is higher than A&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B saves d.txt; the storage remembers B&apos;s token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A saves with its older token: the storage has seen a newer one and rejects the write. Without fencing, A would have overwritten B&apos;s save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&apos;s lease is gone from the new primary: the release finds nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B is done. Now the same story with --min-replicas 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The replica falls behind again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C locks d.txt with --min-replicas 1. The primary grants it, but no replica acknowledges it within a second: the grant is rolled back and C is told so (the CLI exits 7). C does not write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody holds d.txt: there is nothing a failover could lose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The primary dies again; the sentinels promote the replica.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D is granted d.txt, acknowledged by the replica: the only holder, and one a failover would keep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D saves d.txt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fine vs seed: creating in /B while /A/C moves into /B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same pair of operations under the two built-in profiles. &apos;fine&apos; locks only what changes: X on /A/C and X on /B/C, so creating /B/x meanwhile is allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;seed&apos; follows the seed&apos;s table (row 3: create in B is refused during a folder move into B) by also taking SIX on the destination folder /B: nothing new may appear in /B until the move is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fine: A moves /A/C into /B with X on /A/C and X on /B/C (IX on /B).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fine: B creates /B/x at the same time: IX and IX on /B are compatible, and /B/x is not /B/C. Allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed: the same move also takes SIX on the destination folder /B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed: B&apos;s create needs IX on /B, which SIX does not admit: refused, as the seed&apos;s table says (新建 B×).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&apos;s move is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed: now B may create /B/x.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same operations, different profile, different answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause and fencing: a paused holder&apos;s late write is rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A holds the lock on /A/C/D/d.txt and freezes (a long GC pause, a suspended VM): its watchdog stops renewing and the lease expires.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B then gets the lock, with a higher fencing token, and saves. When A wakes up and saves with its old token, the storage rejects it: a lock alone cannot stop a paused process, the fencing token can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A locks d.txt to save it (TTL 300 ms, renewed by its watchdog).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&apos;s process freezes before it writes: nothing renews its lease any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>450 ms pass: A&apos;s lease has expired on the server&apos;s clock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B asks for the same file: the expired lease blocks nothing, B is granted with a higher fencing token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B saves d.txt; the storage remembers B&apos;s token on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A wakes up and saves with its old token: the storage has seen a newer token on d.txt and rejects the write. B&apos;s data is safe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A holds nothing any more: its lease is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Many readers and one writer: the writer gets in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copies read their source with S; deleting a folder inside it needs X there, and IX on the folder the copies read. S is compatible with S, so readers that keep overlapping keep the folder readable, and a writer that only waits for a gap may never find one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Treelock queues fairly: a refused acquire that waits is registered as a waiter, and once it has waited longer than the project&apos;s grace (5 ms unless set) newer requests that conflict with it wait behind it. A reader that arrives while the writer waits is refused behind the writer; the readers already in finish, the writer gets in, then the readers go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reader R1 copies /A/C: S on /A/C, the whole subtree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reader R2 copies /A/C too: S and S are compatible, the two reads overlap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writer W wants to delete /A/C/E, inside what they read: X on /A/C/E and IX on /A/C, which S refuses. W waits (up to 10 s, while the next steps play): its refused attempt registers it as a waiter, and past the project&apos;s grace it holds back newer requests that conflict with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lock table: the two readers hold /A/C, and W is listed as waiting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reader R3 arrives while W waits. Its S would fit beside the readers&apos; S, but it is refused behind W: the blocker named is W&apos;s waiting request (queued, IX reserved on /A/C), not a lease. Without this, new readers could keep the writer out forever.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R1&apos;s copy happens: /R1/C, with E.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R1 finishes; R2 still reads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R2&apos;s copy happens: /R2/C, with E.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last reader that was in before W leaves: W is woken and tries again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W&apos;s wait ends in a grant, ahead of R3, who asked later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/A/C/E goes to the recycle bin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W is done: nothing holds the readers back any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R3 tries again and gets in: the readers go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R3 copies /A/C as it is now, without E.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R1 and R2 copied /A/C before the delete, R3 after it: each read a consistent folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s example: A moves /A/C while B edits /A/C/D/d.txt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User A moves folder /A/C into /B. Meanwhile user B wants to save /A/C/D/d.txt, a file inside the folder being moved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B is refused and told who is in the way. After A&apos;s move, B&apos;s old path no longer exists: the write fails cleanly instead of recreating a stale /A/C, and B saves the file at its new place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A starts moving /A/C into /B: X on /A/C (the whole subtree) and X on /B/C, taken together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B wants to save d.txt inside the folder being moved: refused at once, and Treelock names A&apos;s move as the blocker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&apos;s move happens: /A/C and everything in it is now /B/C.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree really changed: d.txt now lives at /B/C/D/d.txt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A releases its lease; waiters are woken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B retries with the path it had: the lock is free now (a lock is about a path, not about a file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>But /A/C/D no longer exists: the write fails cleanly instead of silently recreating a stale /A/C.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B lets go of the old path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B looks the file up again and locks it at its new place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s edit is saved to /B/C/D/d.txt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is held any more; both users got their work done, in order, on the tree as it really was.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioAction</name>
    <message>
        <source>acquire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>await</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>force-release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stall-replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kill-primary</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioDetail</name>
    <message>
        <source>fence %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked by %1: %2, %3 held on %4, expires in %5 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued behind %1, who waits longer: %2, %3 reserved on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waited %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waits up to %1 s, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds newer conflicting requests back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fairness is off: holds nothing back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did not wait: the next &quot;await&quot; takes the outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds no lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease %1 (fence %2) is no longer renewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reaped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 live, %2 expired, %3 waiting: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 live, %2 expired, %3 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 live, %2 expired: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 live, %2 expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 EXPIRED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 live, %3 s left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 waiting, holds newer requests back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 never held a lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica %1 gets nothing from primary %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>primary %1 killed; the sentinels promoted %2 %3 s later; the old one is back as its replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fencing token %1 is older than token %2 that wrote %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fencing token %1 is older than token %2 that read %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 reaped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioOutcome</name>
    <message>
        <source>granted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not-acknowledged</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioPlan</name>
    <message>
        <source> · %1 profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in the background, up to %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerWording</name>
    <message>
        <source>Redis evicts keys under memory pressure (maxmemory-policy %1, not noeviction): locks could silently vanish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read Redis&apos;s maxmemory-policy (%1): make sure it is noeviction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis keeps nothing on disk (no AOF, no snapshots): a restart loses every lease; fencing tokens still rise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may evict locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eviction policy unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no persistence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection was refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection was reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 cannot be used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 stopped answering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis at %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StudioOptions</name>
    <message>
        <source>Treelock Studio: live view of a project&apos;s hierarchical locks.
With no options it starts a private redis-server and opens the demo project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the in-process engine instead of Redis.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project to open (default: demo).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator name recorded with forced releases (default: $USER).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tree file (JSON) or local folder to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the main window as a PNG and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait MS milliseconds before the screenshot (default 1500).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take a scenario&apos;s locks at start (&quot;seed&quot;: someone moves /A/C while another edits /A/C/D/d.txt).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User interface language (e.g. zh_CN, en).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--after needs a number of milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size in pixels, e.g. 1280x800 (default: fits the screen; 1440x900 for --screenshot).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Simulation panel and start a simulation (in-process engine).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual users for --simulate (1-500).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --simulate: users skip the locks (violations appear).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Simulation panel and play a scenario (e.g. seed-example).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--users needs a number from 1 to 500</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no display: set DISPLAY (or WAYLAND_DISPLAY), or use QT_QPA_PLATFORM=offscreen (for example with --screenshot FILE), or run under xvfb-run -a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--size &apos;%1&apos;: needs WIDTHxHEIGHT in pixels, from 640x420 to 16384x16384 (e.g. 1280x800)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: no such scenario; valid names: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a private primary, replica and three sentinels, to watch a failover (Locks › Fail over now, Kill primary).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--redis, --memory and --private-ha exclude each other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to the Redis server at URL (redis://…, unix://…, redis+sentinel://host:port,…/MASTER or redis+cluster://host:port,…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid TREELOCK_TLS_INSECURE &quot;%1&quot;: expected 1 (yes, true) or 0 (no, false)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring the Timeline dock to the front (e.g. for --screenshot).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>Force release of %1&apos;s lease</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <source>still waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired, not reaped yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>force-released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>force-released: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>released (no longer held at %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>granted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gave up (no grant seen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waits for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from %1, for %2 so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from %1 to %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1: </source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) held</source>
        <translation>
            <numerusform>%n lease held</numerusform>
            <numerusform>%n leases held</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n waiting</numerusform>
            <numerusform>%n waiting</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::BridgeWorker</name>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-process engine: other programs cannot see these locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No private Redis (%1): using the in-process engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Private redis-server started by the Studio; stopped when it exits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(invalid URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Released %n expired lease(s)</source>
        <translation>
            <numerusform>Released %n expired lease</numerusform>
            <numerusform>Released %n expired leases</numerusform>
        </translation>
    </message>
    <message>
        <source>Release expired failed: not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force release of %1 failed: not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force release of %1 refused: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease %1 of %2 force-released by %3 (recorded in the event stream)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease %1 is already gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease %1 had expired; it has been released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease %1 is live and was not released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked by %1 (%2, %3 %4): %5 held on %6, frees in %7 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Granted to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused: %1 is blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown scenario %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed scenario: alice moves /A/C into /B; bob&apos;s save of /A/C/D/d.txt is blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fence %1, TTL %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live lease revoked by %1@%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired lease released by %1@%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n expired lease(s) reaped by %1</source>
        <translation>
            <numerusform>%n expired lease reaped by %1</numerusform>
            <numerusform>%n expired leases reaped by %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) vanished after the connection was restored (server restarted or data lost)</source>
        <translation>
            <numerusform>%n lease vanished after the connection was restored (server restarted or data lost)</numerusform>
            <numerusform>%n leases vanished after the connection was restored (server restarted or data lost)</numerusform>
        </translation>
    </message>
    <message>
        <source>No private Sentinel set-up (%1): using the in-process engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Private primary, replica and three sentinels started by the Studio; stopped when it exits. Locks › Fail over now / Kill primary show a failover.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The killed primary could not be restarted as a replica: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Primary moved from %1 to %2: %n lease(s) lost</source>
        <translation>
            <numerusform>Primary moved from %1 to %2: %n lease lost</numerusform>
            <numerusform>Primary moved from %1 to %2: %n leases lost</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n survived</source>
        <translation>
            <numerusform>%n survived</numerusform>
            <numerusform>%n survived</numerusform>
        </translation>
    </message>
    <message>
        <source>Fail over: only with the private Sentinel set-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail over refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failover asked of the sentinels: the replica of %1 is being promoted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kill primary: no primary is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kill primary: only with the private Sentinel set-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Primary %1 killed (SIGKILL): the sentinels will promote its replica in a few seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting %1 by %2@%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) gone after the connection was restored: released, or lost with the server&apos;s data (this project does not record releases)</source>
        <translation>
            <numerusform>%n lease gone after the connection was restored: released, or lost with the server&apos;s data (this project does not record releases)</numerusform>
            <numerusform>%n leases gone after the connection was restored: released, or lost with the server&apos;s data (this project does not record releases)</numerusform>
        </translation>
    </message>
    <message>
        <source>(this project does not record releases: some may have been released)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grace %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grace off (no fairness)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n lease(s))</source>
        <translation>
            <numerusform>%1 (%n lease)</numerusform>
            <numerusform>%1 (%n leases)</numerusform>
        </translation>
    </message>
    <message>
        <source>Project %1 holds no locks. Other projects on this server: %2. Open one with File › Connect… (Find projects) or --project NAME; the command-line tool&apos;s default project is &quot;default&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing the project&apos;s leases again (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Listed %n lease(s): following the events stream again</source>
        <translation>
            <numerusform>Listed %n lease: following the events stream again</numerusform>
            <numerusform>Listed %n leases: following the events stream again</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>released %n lease(s) in %1&apos;s way (%2)</source>
        <translation>
            <numerusform>released %n lease in %1&apos;s way (%2)</numerusform>
            <numerusform>released %n leases in %1&apos;s way (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>cancelled the place of %n waiter(s) ahead of it (%1)</source>
        <translation>
            <numerusform>cancelled the place of %n waiter ahead of it (%1)</numerusform>
            <numerusform>cancelled the places of %n waiters ahead of it (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already gone (%1)</source>
        <translation>
            <numerusform>%n already gone (%1)</numerusform>
            <numerusform>%n already gone (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Releasing what blocks %1 failed: not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Releasing what blocks %1 was refused: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cancelled the place of %2 in the queue ahead of %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease %1 force-released (its answer was lost; sent again, it found the lease gone)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::ConflictMatrixModel</name>
    <message numerus="yes">
        <source>%1 refused because of %2: %n time(s)</source>
        <translation>
            <numerusform>%1 refused because of %2: %n time</numerusform>
            <numerusform>%1 refused because of %2: %n times</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked by: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::ConnectDialog</name>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Private redis-server (started and stopped by the Studio)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis server at URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-process engine (only this window sees the locks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Private primary, replica and three sentinels (to watch a failover)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find projects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for projects at %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No projects listed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) · node %1 · slot %2</source>
        <translation>
            <numerusform>%n lease · node %1 · slot %2</numerusform>
            <numerusform>%n leases · node %1 · slot %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) · %1</source>
        <translation>
            <numerusform>%n lease · %1</numerusform>
            <numerusform>%n leases · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No projects yet: a project appears once it has been granted a lock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n project(s) on %1 — pick one from the list</source>
        <translation>
            <numerusform>%n project on %1 — pick it from the list</numerusform>
            <numerusform>%n projects on %1 — pick one from the list</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>(none; Sentinel URLs only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>U&amp;RL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sen&amp;tinel user:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentinel pass&amp;word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pro&amp;ject:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept only in the keychain, when saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved c&amp;onnection:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passwords are never written to settings or logs: a saved connection keeps them in the system keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a saved connection to fill in the form, its password from the keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the form under a name; the passwords go to the system keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · project %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(choose one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none saved yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not be used (%1): the password is asked for each time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the password of %1 from the keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain has not answered: type the password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain holds no password for %1: type it, and Save to keep it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the password is from the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the connection:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the saved connection %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 (it has no password).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving the password of %1 in the keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1; its password is in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 without its password. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name of %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A saved connection is already named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Renamed %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Renamed %1 to %2. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Renamed %1 to %2; its password moved with it in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the saved connection %1, and its password in the keychain?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted %1 and its password in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted %1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the projects on the server (every primary of a cluster), each with its leases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio&apos;s private server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No projects yet: a private server starts empty, so any project name will do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No projects yet: the in-process engine starts empty each time it is opened, so any project name will do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s)</source>
        <translation>
            <numerusform>%n lease</numerusform>
            <numerusform>%n leases</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::EventLogModel</name>
    <message>
        <source>grant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forced release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::EventLogPanel</name>
    <message>
        <source>Auto-scroll paused: you scrolled up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow new events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll to the newest event and keep following (End)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the log (the project&apos;s event stream is not changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter events by owner, path, lease…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the events of every lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the events shown (after filtering) as CSV or text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv);;Text (*.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Exported %n event(s) to %1</source>
        <translation>
            <numerusform>Exported %n event to %1</numerusform>
            <numerusform>Exported %n events to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show lease in table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1 in tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::ForceReleaseDialog</name>
    <message>
        <source>Force release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This lease has expired and blocks nothing; releasing it only removes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;This lease is live.&lt;/b&gt; Its holder may still be changing these paths: releasing it lets other users in at once. Its fencing token stays valid for storage that checks fences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paths:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why? (required, recorded in the event stream)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (host %2) &lt;span style=&apos;color:#666&apos;&gt;· set with --user NAME&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded with the release in the event stream. treelock-studio --user NAME sets it (default: $USER).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;span style=&apos;color:#666&apos;&gt;· waits ahead: its place in the queue is cancelled&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;span style=&apos;color:#666&apos;&gt;· lease %2, expired&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;span style=&apos;color:#666&apos;&gt;· lease %2, fence %3&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holder crashed or hangs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unblocking a stuck request (on call)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left behind by a stopped job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned maintenance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release what blocks a waiter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only places in the queue are cancelled: their owners ask again as newcomers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;These leases are live.&lt;/b&gt; Their holders may still be changing these paths: releasing them lets other users in at once. Their fencing tokens stay valid for storage that checks fences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Releases %n:</source>
        <translation>
            <numerusform>Releases %n:</numerusform>
            <numerusform>Releases %n:</numerusform>
        </translation>
    </message>
    <message>
        <source>Your recent reasons first, then the usual ones; or type your own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release all %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::HotSpotModel</name>
    <message>
        <source>%1 vs %2 ×%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n waiter(s) were last refused here</source>
        <translation>
            <numerusform>%n waiter was last refused here</numerusform>
            <numerusform>%n waiters were last refused here</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 refused by %2: %n time(s)</source>
        <translation>
            <numerusform>%1 refused by %2: %n time</numerusform>
            <numerusform>%1 refused by %2: %n times</numerusform>
        </translation>
    </message>
    <message>
        <source>In alarm: above %1 refusals/min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where acquires were refused: the node where they clashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refusals per minute, a decayed rate: each refusal weighs half as much every minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refusals since the path entered the contention table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiters whose last attempt was refused here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The refused operation vs the one in its way, and how often</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refusals/min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refusals/min (decayed count %2), %3 in all; the last %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the latest refused attempt here happened: a waiter&apos;s retries count here, though the totals count a waiter once per blocker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last refused try</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::HotSpotPanel</name>
    <message>
        <source>Alarm above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alarm threshold in refusals per minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise an alarm when a path is refused more often than this, in refusals per minute (0: no alarm). Type a number and press Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refusals/min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No refusals counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; path(s) refused &lt;span style=&apos;color:#666&apos;&gt;· double-click one to find it in the tree&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; path refused &lt;span style=&apos;color:#666&apos;&gt;· double-click it to find it in the tree&lt;/span&gt;</numerusform>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; paths refused &lt;span style=&apos;color:#666&apos;&gt;· double-click one to find it in the tree&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 refusals/min, above %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; path(s) refused in project &lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· double-click one to find it in the tree&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; path refused in project &lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· double-click it to find it in the tree&lt;/span&gt;</numerusform>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; paths refused in project &lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· double-click one to find it in the tree&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>These are the hot spots of project &lt;b&gt;%1&lt;/b&gt;, on Studio&apos;s connection, not the simulation&apos;s: those are on the Hot spots tab of the Simulation panel.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::LeasePanel</name>
    <message>
        <source>Filter by owner, operation, path or id…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>touching %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force release…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy lease id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter leases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy paths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show its events</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln live</source>
        <translation>
            <numerusform>%Ln live</numerusform>
            <numerusform>%Ln live</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln expired</source>
        <translation>
            <numerusform>%Ln expired</numerusform>
            <numerusform>%Ln expired</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln held</source>
        <translation>
            <numerusform>%Ln held</numerusform>
            <numerusform>%Ln held</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matching “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %1 of %2 shown,&lt;/span&gt; &lt;b style=&apos;color:#8a4b00&apos;&gt;%3&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (all: %2). Clear the filter field and the node chip to see every lease.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::LeaseTableModel</name>
    <message>
        <source>live ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>revoked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paths and modes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease %1 · fence %2 · age %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::LegendWidget</name>
    <message>
        <source>exclusive on the subtree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared subtree, writes below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared (read) on the subtree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a lease below writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a lease below reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside an X-locked folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside an S-locked folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocks nothing; not reaped yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Italic names are paths that a lease names but the loaded tree does not contain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>someone waits to lock here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>italic name = path named by a lease, not in the loaded tree · hover a node for every lease on it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::LiveStatisticsView</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Start to run the virtual users.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acquire calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations that got their locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused acquire calls (the user waits and retries)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations given up after the wait timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fencing rejections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes the file system refused because a newer fencing token had touched the nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations whose change was applied to the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed operations per simulated second, over the whole run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait p50 / p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from the first attempt to the grant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight / waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations between lock and write, and users waiting for a lock, now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time since the start, on the simulation&apos;s clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Safety violations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operations/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>violations (total)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>violations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait until granted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms (log buckets, upper bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Conflicts&lt;/b&gt;: row refused, column holding the blocking lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>locking is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with locking on!</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>locking on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two in-flight operations that touch the same node (or an ancestor and a descendant) with at least one write. Must be 0 with locking on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most recent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from the first attempt to the grant. Buckets, in ms: ≤ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3 acquires granted after waiting, median %4, longest %5; %6 given up after the wait timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 refused attempts clashed here, %3 of them behind an older waiter; %4 users wait on it now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gave up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per operation, the acquires that were refused before their grant: how many, the median and the longest wait until the grant, and how many gave up after the wait timeout. A writer starved by readers shows here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refusals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Behind a waiter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fairness on (grace %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fairness off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Waits by operation&lt;/b&gt;: acquires refused first, most starved first · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Hot spots&lt;/b&gt;: where refused attempts clashed · %1 of %2 refusals behind a waiter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waits by operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hot spots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What clashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The paths where refused attempts clashed, counted by the simulator over the whole run, most first; behind a waiter: refused because an older waiting request conflicts (fairness), not a holder; what clashed: the refused operation vs the one holding or waiting, most frequent first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::LoadTestForm</name>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the virtual users, or resume after a pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the simulated clock still</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the run: held leases are released and the main view returns to Studio&apos;s project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the next event only (pauses a running simulation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start or resume the simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause the simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the next simulated event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>St&amp;ep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated time per wall-clock time (memory engine); with Redis it divides think and hold times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users and targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual users, each with its own lock client (1–500)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uniform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hot spot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uniform: any entry; hot spot: a share of the picks goes to the first few entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the picks that go to the hot spot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hot-spot share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of entries in the hot spot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hot-spot entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation mix (relative weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative weight of %1 (%2); 0 = never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a user holds its locks while it works (uniform between the two)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean pause between a user&apos;s operations (exponential, cut at 10× the mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think (mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A user gives an operation up after waiting this long for its locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease time to live; the watchdog renews every TTL/3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faults (per granted operation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user dies while holding: its lease stays until it expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user stops renewing, sleeps past its TTL, then writes with its old fencing token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause past TTL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user keeps its lease %1 ms longer after writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine and policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users take locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: users skip the lock entirely and the safety monitor counts the damage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-process (virtual clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio&apos;s Redis, project “sim”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-process: deterministic, as fast as you like. Redis: real time, through the server Studio is connected to, in its own project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lock policy: fine (Treelock&apos;s) or seed (the seed documents&apos; table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random seed: with the in-process engine the same seed gives the same run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio is not connected to Redis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiters hold newer requests back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On: a user that has waited longer than the grace holds back newer requests that conflict with it, so a writer among readers gets in. Off: a waiting writer can starve while readers keep overlapping. A setting of the simulation&apos;s project; switchable while running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fairness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a user waits before it holds newer conflicting requests back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::LockTreeModel</name>
    <message numerus="yes">
        <source>%Ln lease(s) below</source>
        <translation>
            <numerusform>%Ln lease below</numerusform>
            <numerusform>%Ln leases below</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 +%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in the loaded tree: added because a lease names it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lease touches this node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>above</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more lease(s)</source>
        <translation>
            <numerusform>… and %n more lease</numerusform>
            <numerusform>… and %n more leases</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holder</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more waiting</source>
        <translation>
            <numerusform>… and %n more waiting</numerusform>
            <numerusform>… and %n more waiting</numerusform>
        </translation>
    </message>
    <message>
        <source>Not in the loaded tree: added because a waiting request names it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in the loaded tree: added because a waiting request names a path inside it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::MainWindow</name>
    <message>
        <source>Treelock Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to another Redis server or project (Ctrl+K)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a local folder&apos;s files as the project tree (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Tree File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a project tree from a JSON tree file (Ctrl+Shift+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release expired (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reap every expired lease now; recorded as a sweep by you (Ctrl+Shift+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Force release…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke the selected lease; asks for a reason, which is audited (Del)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the backend URL, to point the treelock CLI at the same server (Ctrl+Shift+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only &amp;locked nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expand to locked nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in &amp;tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter &amp;leases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Treelock Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Treelock Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Treelock Studio&lt;/b&gt; %1&lt;br/&gt;Live view of hierarchical locks on Redis: intention modes (IS, IX, SIX) on ancestors, S and X on subtrees, fencing tokens, audited forced releases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · project %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Demo Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event &amp;log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lock server&apos;s clock (all expiries are in server time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n name(s) skipped: not valid Treelock paths</source>
        <translation>
            <numerusform>%n name skipped: not valid Treelock paths</numerusform>
            <numerusform>%n names skipped: not valid Treelock paths</numerusform>
        </translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reading folder… %n entries</source>
        <translation>
            <numerusform>Reading folder… %n entry</numerusform>
            <numerusform>Reading folder… %n entries</numerusform>
        </translation>
    </message>
    <message>
        <source>Open tree file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1: %n node(s)</source>
        <translation>
            <numerusform>Loaded %1: %n node</numerusform>
            <numerusform>Loaded %1: %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Tree File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Treelock tree files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln live lease(s)</source>
        <translation>
            <numerusform>%Ln live lease</numerusform>
            <numerusform>%Ln live leases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln expired</source>
        <translation>
            <numerusform> · %Ln expired</numerusform>
            <numerusform> · %Ln expired</numerusform>
        </translation>
    </message>
    <message>
        <source>Private Redis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-process engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2 · project &lt;b&gt;%3&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From a terminal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server warnings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Treelock Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection lost: %1 — reconnecting every second (attempt %2). The view shows the last known state.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force-releasing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease %1 is no longer held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a full snapshot now (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the server&apos;s locks…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission &amp;matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;imulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Simulation&lt;/b&gt; · %1 · project &lt;b&gt;%2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree and the lease table show the simulation&apos;s project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tree and the lease table show project %1 again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force release of %1 cancelled: nothing was released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result of the last action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail &amp;over now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the sentinels to promote the replica (SENTINEL FAILOVER); private Sentinel set-up only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kill primary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL the primary: what it did not replicate is lost; private Sentinel set-up only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Private Redis + Sentinel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · primary &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Primary moved from %1 to %2 at %3; %n lease(s) lost</source>
        <translation>
            <numerusform>Primary moved from %1 to %2 at %3; %n lease lost</numerusform>
            <numerusform>Primary moved from %1 to %2 at %3; %n leases lost</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n survived</source>
        <translation>
            <numerusform>%n survived</numerusform>
            <numerusform>%n survived</numerusform>
        </translation>
    </message>
    <message>
        <source>No primary: %1 — asking the sentinels again every second (attempt %2); a failover takes a few seconds. The view shows the last known state.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect: %1 — trying again every second (attempt %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · node &lt;b&gt;%1&lt;/b&gt; (slot %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use this connection: %1 — change it with File › Connect…, or press Retry now once it is fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(this project does not record releases: some may have been released)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · events: audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This project records no grants and releases as events (events=audit): the event log shows expiries, forced releases, sweeps and setting changes, and the lease table follows the snapshot taken each second. treelock config events=all records them again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hot spots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Hot spots (%n alarm(s))</source>
        <translation>
            <numerusform>Hot spots (%n alarm)</numerusform>
            <numerusform>Hot spots (%n alarms)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hot spots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hot spot alarm: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hot spot alarm</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Hot spot alarm: %n path(s)</source>
        <translation>
            <numerusform>Hot spot alarm: %n path</numerusform>
            <numerusform>Hot spot alarm: %n paths</numerusform>
        </translation>
    </message>
    <message>
        <source>Above the alarm threshold of the Hot spots panel (View › Hot spots, Ctrl+Shift+H):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1 — try: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading leases… %1 of ~%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing blocks %1 any more: the next attempt should get its locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3, waiting %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release of what blocks %1 cancelled: nothing was released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Releasing what blocks %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server warning: %1 (the ⚠ beside the address says more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That waiter got its lease: selected in the lease table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That waiter no longer waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The event log no longer holds that event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release What &amp;Blocks a Waiter…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force-release everything in the way of the waiter selected in the Waiting panel (else the one that has waited longest), in one dialog (Ctrl+Shift+B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the treelock command that lists this project&apos;s locks: the URL, the TLS options and --project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Welcome Panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied: %1 — paste it into a terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1 — without the password: give it in TREELOCK_REDIS_PASSWORD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live project %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Studio&apos;s own project %1, not the simulation the views show.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::MatrixModel</name>
    <message>
        <source>Column: the operation someone else attempts meanwhile (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row: the operation in progress, granted first (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::MatrixView</name>
    <message>
        <source>Policy profile the engine plans the operations with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agree: allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agree: blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs (seed→engine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Object of the cell to replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed on a scratch project (click a cell):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deriving %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 sub-cells agree with the seed, %3 differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Both leases are held on the scratch project.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Only the first lease is held; the refused second operation&apos;s paths are highlighted.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the matrix is still being derived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::PrivateRedis</name>
    <message>
        <source>redis-server is not installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::ProjectNotice</name>
    <message>
        <source>Switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide this bar until other projects hold leases</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n lease(s)</source>
        <translation>
            <numerusform>%1: %n lease</numerusform>
            <numerusform>%1: %n leases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Project &lt;b&gt;%1&lt;/b&gt; on this server has %n lease(s)</source>
        <translation>
            <numerusform>Project &lt;b&gt;%1&lt;/b&gt; on this server has %n lease</numerusform>
            <numerusform>Project &lt;b&gt;%1&lt;/b&gt; on this server has %n leases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n more project(s) hold leases too)</source>
        <translation>
            <numerusform>(%n more project holds leases too)</numerusform>
            <numerusform>(%n more projects hold leases too)</numerusform>
        </translation>
    </message>
    <message>
        <source>Projects on this server that hold leases, besides the one shown:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show project %1 instead, as File › Connect… with that project would</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::ScenarioPlayer</name>
    <message>
        <source>&lt;b&gt;Scenarios&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the remaining steps one after another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the next step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the scenario again from its first step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the scenario; the main view returns to Studio&apos;s project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the selected scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the scenario&apos;s next step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No scenario loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a scenario on the left: a scripted conflict story, played step by step against the lock engine, each step checked against its expected outcome.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Press Play to run the %n step(s) one after another, or Step to run one.</source>
        <translation>
            <numerusform>Press Play to run the %n step, or Step to run it.</numerusform>
            <numerusform>Press Play to run the %n steps one after another, or Step to run one.</numerusform>
        </translation>
    </message>
    <message>
        <source>Running step %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;Step %2 of %3.&lt;/b&gt; %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected %1, got %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 steps run: %3 ✓, %4 ✗</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the selected scenario on a fresh engine (a click in the list does too; a double-click or Enter loads and plays it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a scenario to load it; double-click it (or press Enter) to play it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1: %n step(s), none run yet.</source>
        <translation>
            <numerusform>Loaded %1: %n step, not run yet.</numerusform>
            <numerusform>Loaded %1: %n steps, none run yet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: %4 → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(expected %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::ScenarioStepModel</name>
    <message>
        <source>(default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mismatch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Menu command</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::SimulationPanel</name>
    <message numerus="yes">
        <source>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entries</source>
        <translation>
            <numerusform>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entry</numerusform>
            <numerusform>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entries</numerusform>
        </translation>
    </message>
    <message>
        <source>Load test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after %1 simulated s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused at %1 s: Step runs one event, Resume goes on.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::SimulationWorker</name>
    <message>
        <source>in-process engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in-process engine, virtual clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the simulation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing left to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the simulation&apos;s locks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in-process engine, scenario clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot load scenario %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>private primary, replica and three sentinels (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot change the fairness: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::TimelinePanel</name>
    <message>
        <source>Last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>15 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the last %1 across the chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the last %1 (Ctrl+wheel or +/- on the chart zoom between 1 min and 1 h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the present time at the chart&apos;s right edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the present time again (End on the chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per path, or one per owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leases in their mode&apos;s colour; waits hatched under them, ending in a dot where the lease was granted and a cross where the waiter gave up; dashed red lines: forced releases; orange: failovers; grey: the connection lost or back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click or drag on the chart (or use the arrow keys) to see what was locked at a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failover: the primary moved from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) lost</source>
        <translation>
            <numerusform>%n lease lost</numerusform>
            <numerusform>%n leases lost</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n survived</source>
        <translation>
            <numerusform>%n survived</numerusform>
            <numerusform>%n survived</numerusform>
        </translation>
    </message>
    <message>
        <source>Connection back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection lost</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::TimelineView</name>
    <message>
        <source>Lock timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leases and waits over time, one row per path or owner. Left and Right move the time cursor, Up and Down the row, Enter selects the bar at the cursor, plus and minus zoom, End follows now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lease in the last hour yet. Leases and waits appear here as they are granted, released and given up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::TlsForm</name>
    <message>
        <source>TLS (rediss:// URLs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;A file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the system&apos;s CAs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the CA certificate (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client c&amp;ertificate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none; for servers that ask for one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the client certificate (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the client certificate&apos;s key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the client certificate&apos;s key (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the host in the URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name sent to the server (SNI) and looked for in its certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Verify the server&apos;s certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not verifying the server&apos;s certificate: anyone on the path can read and change this traffic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server na&amp;me (SNI):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM keys (*.key *.pem);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::TlsIndicator</name>
    <message>
        <source>Not verifying the server&apos;s certificate: anyone on the path can read and change this traffic. Turn verification on in File › Connect… (TLS).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not verified)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected over TLS; the server&apos;s certificate could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issuer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Valid until: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The certificate was verified.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The certificate was NOT verified: anyone on the path can read and change this traffic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encrypted, certificate verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encrypted, certificate not verified</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::TreePanel</name>
    <message>
        <source>Only locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %Ln node(s)&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %Ln node&lt;/span&gt;</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %Ln nodes&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Search the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search names or paste a path…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A name or part of one shows the matching nodes; a path such as /A/C/D/d.txt selects that node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show leases on this node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand subtree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse subtree</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Force release %n lease(s) held here…</source>
        <translation>
            <numerusform>Force release %n lease held here…</numerusform>
            <numerusform>Force release %n leases held here…</numerusform>
        </translation>
    </message>
    <message>
        <source>Found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No match for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message>
        <source>Show or hide what the node states mean (while the tree has less room than the legend, the legend stays hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only nodes that are held, carry an intention, have expired leases or where someone waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> &lt;span style=&apos;color:#666&apos;&gt;· adding %Ln lease path(s)…&lt;/span&gt;</source>
        <translation>
            <numerusform> &lt;span style=&apos;color:#666&apos;&gt;· adding %Ln lease path…&lt;/span&gt;</numerusform>
            <numerusform> &lt;span style=&apos;color:#666&apos;&gt;· adding %Ln lease paths…&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> &lt;span style=&apos;color:#666&apos;&gt;· locks as of %Ln s ago&lt;/span&gt;</source>
        <translation>
            <numerusform> &lt;span style=&apos;color:#666&apos;&gt;· locks as of %Ln s ago&lt;/span&gt;</numerusform>
            <numerusform> &lt;span style=&apos;color:#666&apos;&gt;· locks as of %Ln s ago&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>This project holds so many leases that the tree&apos;s locks are worked out every few seconds; the lease table and the event log show every change as it comes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> &lt;span style=&apos;color:#666&apos;&gt;· locks shown once the leases are listed&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release what blocks %1 (%2)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lease is held here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::UpdateHold</name>
    <message>
        <source>&amp;Pause Updates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the tree and the tables still; the updates that arrive meanwhile are shown when you resume (F8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updates are paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updates wait while a menu is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Paused · %Ln update(s) waiting</source>
        <translation>
            <numerusform>Paused · %Ln update waiting</numerusform>
            <numerusform>Paused · %Ln updates waiting</numerusform>
        </translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lease table&apos;s rows stay where they are while the pointer aims at them (until it has rested 4 s); the updates that arrive meanwhile are shown then</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Rows kept still · %Ln update(s) waiting</source>
        <translation>
            <numerusform>Rows kept still · %Ln update waiting</numerusform>
            <numerusform>Rows kept still · %Ln updates waiting</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::UserGuideDialog</name>
    <message>
        <source>Treelock Studio User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user guide is missing from this build (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in the guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not in the guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is another page of Treelock&apos;s documentation, in the docs folder of its sources.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::WaiterTableModel</name>
    <message>
        <source>How long it has waited: since its first refused attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What refused its last attempt: a lease, or an older waiting request it queues behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holds back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 +%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The waiters that queue behind it: none while the project&apos;s fairness is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The waiters that queue behind it: once it has waited longer than the project&apos;s fairness grace (%1 ms), newer requests that conflict with it wait until it is served</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The waiters that queue behind it: once it has waited longer than the project&apos;s fairness grace, newer requests that conflict with it wait until it is served</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 +%n more</source>
        <translation>
            <numerusform>%1 +%n more</numerusform>
            <numerusform>%1 +%n more</numerusform>
        </translation>
    </message>
    <message>
        <source>In its way (%1):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::WaitingPanel</name>
    <message>
        <source>Show blocker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select what holds the selected waiter up: the lease in the lease table, or the older waiter it queues behind in this list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no longer waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1 in tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Nobody waits for a lock.&lt;/b&gt;&lt;br/&gt;An acquire that waits (a LockClient&apos;s, &lt;code&gt;treelock acquire --wait&lt;/code&gt;) is listed here until it gets its lock or gives up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; waiter(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; waiter</numerusform>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; waiters</numerusform>
        </translation>
    </message>
    <message>
        <source>project &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select one to find its node in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A request that has waited longer than %1 ms holds back newer requests that conflict with it (the project&apos;s fairness grace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project&apos;s fairness is off: whoever tries when the paths are free gets them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release blockers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force-release every lease in the selected waiter&apos;s way, and cancel the places of older waiters ahead of it, in one dialog with one reason (Del, or double-click the row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Release %n blocker(s)…</source>
        <translation>
            <numerusform>Release %n blocker…</numerusform>
            <numerusform>Release %n blockers…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::WelcomePanel</name>
    <message>
        <source>Copy a lock command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy a treelock command line that takes a lock on this server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the Simulation panel&apos;s virtual users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual users take and release locks through the real lock engine; while they run, the tree and the lease table show their project (Simulation › Start, F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play a scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play a scripted scenario in the Simulation panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t show again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the welcome panel; Help › Show Welcome Panel brings it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help › Show Welcome Panel brings it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Welcome to Treelock Studio.&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Project %1 holds no locks yet.&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take one and watch it here:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copies this line; paste it into a terminal and the lock shows here:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays “%1” in the Simulation panel, where the other scenarios are listed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
