<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Presentation</name>
    <message>
        <source>X held</source>
        <translation>X 持有</translation>
    </message>
    <message>
        <source>SIX held</source>
        <translation>SIX 持有</translation>
    </message>
    <message>
        <source>S held</source>
        <translation>S 持有</translation>
    </message>
    <message>
        <source>IX intention</source>
        <translation>IX 意向</translation>
    </message>
    <message>
        <source>IS intention</source>
        <translation>IS 意向</translation>
    </message>
    <message>
        <source>covered by X</source>
        <translation>被 X 覆盖</translation>
    </message>
    <message>
        <source>covered by S</source>
        <translation>被 S 覆盖</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>Exclusive lock held on this node and its whole subtree</source>
        <translation>此节点及其整个子树被排他锁定</translation>
    </message>
    <message>
        <source>Shared lock on the subtree, with writes below it</source>
        <translation>子树被共享锁定，其下有写操作</translation>
    </message>
    <message>
        <source>Shared (read) lock held on this node and its whole subtree</source>
        <translation>此节点及其整个子树被共享（读）锁定</translation>
    </message>
    <message>
        <source>A lease below writes: this folder cannot be moved, renamed or deleted</source>
        <translation>下层有租约在写：此文件夹不能移动、重命名或删除</translation>
    </message>
    <message>
        <source>A lease below reads: this folder cannot be moved or deleted</source>
        <translation>下层有租约在读：此文件夹不能移动或删除</translation>
    </message>
    <message>
        <source>Inside a subtree locked exclusively above</source>
        <translation>位于上层被排他锁定的子树中</translation>
    </message>
    <message>
        <source>Inside a subtree locked shared above</source>
        <translation>位于上层被共享锁定的子树中</translation>
    </message>
    <message>
        <source>Lease expired but not reaped yet: blocks nothing; Release expired removes it</source>
        <translation>租约已过期但尚未回收：不阻塞任何操作；“释放过期租约”会移除它</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>上传</translation>
    </message>
    <message>
        <source>Move folder</source>
        <translation>移动文件夹</translation>
    </message>
    <message>
        <source>Move file</source>
        <translation>移动文件</translation>
    </message>
    <message>
        <source>Copy folder</source>
        <translation>复制文件夹</translation>
    </message>
    <message>
        <source>Copy file</source>
        <translation>复制文件</translation>
    </message>
    <message>
        <source>Rename folder</source>
        <translation>重命名文件夹</translation>
    </message>
    <message>
        <source>Rename file</source>
        <translation>重命名文件</translation>
    </message>
    <message>
        <source>Delete folder</source>
        <translation>删除文件夹</translation>
    </message>
    <message>
        <source>Delete file</source>
        <translation>删除文件</translation>
    </message>
    <message>
        <source>Purge recycle bin</source>
        <translation>回收站清除</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 前</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n 个等待</numerusform>
        </translation>
    </message>
    <message>
        <source>the %1 lock held on %2</source>
        <translation>%2 上持有的 %1 锁</translation>
    </message>
    <message>
        <source>%1's %2 of %3</source>
        <translation>%1 的%2（%3）</translation>
    </message>
    <message>
        <source>queued behind %1</source>
        <translation>排在 %1 之后</translation>
    </message>
    <message>
        <source>%1 waits here behind %2, %3</source>
        <translation>%1 在此排在 %2 之后，已 %3</translation>
    </message>
    <message>
        <source>%1 waits here for %2, %3</source>
        <translation>%1 在此等待 %2，已 %3</translation>
    </message>
    <message>
        <source>Refused by an unidentified lease holding %1 on %2</source>
        <translation>被一个无法识别的租约拒绝，它在 %2 上持有 %1</translation>
    </message>
    <message>
        <source>Queued behind %1, who has waited longer (%2 on %3; clash at %4)</source>
        <translation>排在等待更久的 %1 之后（%3 上的 %2；冲突于 %4）</translation>
    </message>
    <message>
        <source>grace %1 ms</source>
        <translation>宽限期 %1 毫秒</translation>
    </message>
    <message>
        <source>fairness off</source>
        <translation>公平已关闭</translation>
    </message>
    <message>
        <source>Waiting %1 (since %2); last attempt %3</source>
        <translation>已等待 %1（自 %2 起）；上次尝试于 %3</translation>
    </message>
    <message>
        <source>Refused by %1's lease %2 (%3): %4 on %5, clash at %6</source>
        <translation>被 %1 的租约 %2（%3）拒绝：%5 上的 %4，冲突于 %6</translation>
    </message>
    <message>
        <source>frees in %1</source>
        <translation>%1 后释放</translation>
    </message>
    <message>
        <source>its lease expired %1</source>
        <translation>其租约已于 %1过期</translation>
    </message>
    <message>
        <source>Holds back %1: they queue behind it</source>
        <translation>挡住了 %1：他们排在它之后</translation>
    </message>
    <message>
        <source>Has waited past the project's fairness grace (%1 ms): a newer request that conflicts with it waits behind it</source>
        <translation>已等待超过项目的公平宽限期（%1 毫秒）：与之冲突的更新请求排在它之后</translation>
    </message>
    <message>
        <source>Has waited past the project's grace: a newer request that conflicts with it waits behind it</source>
        <translation>已等待超过项目的宽限期：与之冲突的更新请求排在它之后</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
</context>
<context>
    <name>ProjectTree</name>
    <message>
        <source>Not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>Not a Treelock tree file (expected "format": "treelock-tree" and a "paths" array)</source>
        <translation>不是 Treelock 树文件（应包含 "format": "treelock-tree" 和 "paths" 数组）</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>First: &lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</source>
        <translation>第一个：&lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</translation>
    </message>
    <message>
        <source>Second: &lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</source>
        <translation>第二个：&lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</translation>
    </message>
    <message>
        <source>Seed: %1 &amp;nbsp; Engine: %2 (%3)&lt;br&gt;</source>
        <translation>原表：%1 &amp;nbsp; 引擎：%2（%3）&lt;br&gt;</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>Clash at %1: held %2, wanted %3 (first operation's %4)</source>
        <translation>冲突位置 %1：已持有 %2，请求 %3（第一个操作的 %4）</translation>
    </message>
    <message>
        <source>&lt;i&gt;Reason:&lt;/i&gt; %1&lt;br&gt;</source>
        <translation>&lt;i&gt;原因：&lt;/i&gt;%1&lt;br&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Reading:&lt;/i&gt; %1</source>
        <translation>&lt;i&gt;解读：&lt;/i&gt;%1</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>Crash and expiry: the operator sees the expired lease and releases it</source>
        <translation>崩溃与过期：操作员看到过期的租约并将其释放</translation>
    </message>
    <message>
        <source>A crashes while moving /A/C: its lease is never released. While the lease lives, it still blocks others; once its TTL has passed it blocks nothing, and the operator sees it marked expired in the lock table and releases it (no --admin needed for an expired lease; the release is audited in the event stream).</source>
        <translation>A 在移动 /A/C 时崩溃：它的租约永远不会被释放。租约有效期间，它仍会阻塞他人；一旦超过 TTL，它就不再阻塞任何操作，操作员会在锁表中看到它被标记为已过期，并将其释放（释放过期租约无需 --admin；此次释放会在事件流中被审计）。</translation>
    </message>
    <message>
        <source>A starts moving /A/C into /B (TTL 300 ms).</source>
        <translation>A 开始将 /A/C 移入 /B（TTL 300 毫秒）。</translation>
    </message>
    <message>
        <source>A's process dies: the lease is not released and nobody renews it.</source>
        <translation>A 的进程终止：租约没有被释放，也没有人为它续期。</translation>
    </message>
    <message>
        <source>Right after the crash, A's lease is still live: B cannot delete c.txt, and is told A is in the way and for how long.</source>
        <translation>崩溃刚发生后，A 的租约仍然有效：B 无法删除 c.txt，并被告知是 A 挡住了它，以及还要挡多久。</translation>
    </message>
    <message>
        <source>450 ms later the lease's TTL has passed.</source>
        <translation>450 毫秒后，租约的 TTL 已过。</translation>
    </message>
    <message>
        <source>The operator's lock table shows A's lease as EXPIRED (not reaped yet: reaping is lazy).</source>
        <translation>操作员的锁表将 A 的租约显示为“已过期”（尚未回收：回收是惰性进行的）。</translation>
    </message>
    <message>
        <source>The operator releases it; the event stream records who did it and why.</source>
        <translation>操作员释放它；事件流记录了是谁释放的以及原因。</translation>
    </message>
    <message>
        <source>The lock table is empty.</source>
        <translation>锁表为空。</translation>
    </message>
    <message>
        <source>B tries again and gets the lock.</source>
        <translation>B 再次尝试，得到了锁。</translation>
    </message>
    <message>
        <source>c.txt goes to the recycle bin. A's move never happened, so the tree is consistent.</source>
        <translation>c.txt 进入回收站。A 的移动从未发生，因此树保持一致。</translation>
    </message>
    <message>
        <source>The half-started move left nothing behind.</source>
        <translation>只开了头的移动没有留下任何痕迹。</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>Failover: a lock lost with the primary, and the same story with --min-replicas 1</source>
        <translation>故障转移：随主节点一起丢失的锁，以及使用 --min-replicas 1 时的同一情景</translation>
    </message>
    <message>
        <source>Redis replicates asynchronously: the primary answers a grant before any replica has it. If the primary dies then, the replica the sentinels promote never heard of the grant, and the next client is granted the same lock. That is the weakness the seed's 004 document names.</source>
        <translation>Redis 异步复制：主节点在任何副本收到授予之前就已应答。如果主节点此时崩溃，哨兵提升的副本从未得知这次授予，下一个客户端就会被授予同一个锁。这正是种子的 004 文档所指出的弱点。</translation>
    </message>
    <message>
        <source>Played on a private primary, one replica and three sentinels. The replica is held back before each grant, so the loss is certain. First without --min-replicas: two holders at once, and only the fencing token keeps the old holder from overwriting the new one's save. Then with --min-replicas 1: the grant no replica acknowledged is rolled back and refused, so nobody holds what a failover would lose.</source>
        <translation>在私有的主节点、一个副本和三个哨兵上播放。每次授予前副本都被阻滞，因此丢失是必然的。先不使用 --min-replicas：同时出现两个持有者，只有栅栏令牌能阻止旧持有者覆盖新持有者保存的内容。再使用 --min-replicas 1：没有副本确认的授予会被回滚并拒绝，因此没有人持有故障转移会丢失的锁。</translation>
    </message>
    <message>
        <source>The replica falls behind: from now on it receives nothing from the primary.</source>
        <translation>副本落后了：从现在起它收不到主节点的任何数据。</translation>
    </message>
    <message>
        <source>A locks d.txt to save it. The primary grants it at once; only the primary knows.</source>
        <translation>A 为保存 d.txt 而锁定它。主节点立即授予；只有主节点知道这件事。</translation>
    </message>
    <message>
        <source>The primary dies (SIGKILL). The sentinels promote the replica, which never saw A's grant; the old primary comes back empty as its replica.</source>
        <translation>主节点崩溃（SIGKILL）。哨兵提升了从未见过 A 的授予的副本；旧主节点作为它的副本重新上线，数据为空。</translation>
    </message>
    <message>
        <source>B asks for the same file and is granted it: A and B now both believe they hold d.txt. B's fencing token is higher than A's.</source>
        <translation>B 请求同一个文件并获得授予：A 和 B 现在都认为自己持有 d.txt。B 的栅栏令牌比 A 的高。</translation>
    </message>
    <message>
        <source>B saves d.txt; the storage remembers B's token.</source>
        <translation>B 保存 d.txt；存储记住了 B 的令牌。</translation>
    </message>
    <message>
        <source>A saves with its older token: the storage has seen a newer one and rejects the write. Without fencing, A would have overwritten B's save.</source>
        <translation>A 用它更旧的令牌保存：存储已见过更新的令牌，于是拒绝这次写入。如果没有栅栏令牌，A 就会覆盖 B 保存的内容。</translation>
    </message>
    <message>
        <source>A's lease is gone from the new primary: the release finds nothing.</source>
        <translation>A 的租约在新主节点上已不存在：释放时什么也没找到。</translation>
    </message>
    <message>
        <source>B is done. Now the same story with --min-replicas 1.</source>
        <translation>B 完成了。现在用 --min-replicas 1 重演同一情景。</translation>
    </message>
    <message>
        <source>The replica falls behind again.</source>
        <translation>副本再次落后。</translation>
    </message>
    <message>
        <source>C locks d.txt with --min-replicas 1. The primary grants it, but no replica acknowledges it within a second: the grant is rolled back and C is told so (the CLI exits 7). C does not write.</source>
        <translation>C 使用 --min-replicas 1 锁定 d.txt。主节点授予了它，但一秒内没有副本确认：授予被回滚，C 也收到了通知（命令行工具以退出码 7 退出）。C 不写入。</translation>
    </message>
    <message>
        <source>Nobody holds d.txt: there is nothing a failover could lose.</source>
        <translation>没有人持有 d.txt：故障转移没有任何可丢失的东西。</translation>
    </message>
    <message>
        <source>The primary dies again; the sentinels promote the replica.</source>
        <translation>主节点再次崩溃；哨兵提升了副本。</translation>
    </message>
    <message>
        <source>D is granted d.txt, acknowledged by the replica: the only holder, and one a failover would keep.</source>
        <translation>D 获得 d.txt 的授予，并经副本确认：它是唯一的持有者，而且故障转移后仍会保留。</translation>
    </message>
    <message>
        <source>D saves d.txt.</source>
        <translation>D 保存 d.txt。</translation>
    </message>
    <message>
        <source>D is done.</source>
        <translation>D 完成了。</translation>
    </message>
    <message>
        <source>fine vs seed: creating in /B while /A/C moves into /B</source>
        <translation>fine 对 seed：在 /A/C 移入 /B 期间于 /B 中新建</translation>
    </message>
    <message>
        <source>The same pair of operations under the two built-in profiles. 'fine' locks only what changes: X on /A/C and X on /B/C, so creating /B/x meanwhile is allowed.</source>
        <translation>同一对操作在两种内置策略配置下的表现。'fine' 只锁定会改变的内容：/A/C 上的 X 和 /B/C 上的 X，因此同时新建 /B/x 是允许的。</translation>
    </message>
    <message>
        <source>'seed' follows the seed's table (row 3: create in B is refused during a folder move into B) by also taking SIX on the destination folder /B: nothing new may appear in /B until the move is done.</source>
        <translation>'seed' 遵循种子的表（第 3 行：文件夹移入 B 期间在 B 中新建会被拒绝），额外在目标文件夹 /B 上获取 SIX：移动完成前，/B 中不能出现任何新内容。</translation>
    </message>
    <message>
        <source>fine: A moves /A/C into /B with X on /A/C and X on /B/C (IX on /B).</source>
        <translation>fine：A 将 /A/C 移入 /B，在 /A/C 上持有 X、在 /B/C 上持有 X（/B 上为 IX）。</translation>
    </message>
    <message>
        <source>fine: B creates /B/x at the same time: IX and IX on /B are compatible, and /B/x is not /B/C. Allowed.</source>
        <translation>fine：B 同时新建 /B/x：/B 上的 IX 与 IX 相容，且 /B/x 不是 /B/C。允许。</translation>
    </message>
    <message>
        <source>B is done.</source>
        <translation>B 完成了。</translation>
    </message>
    <message>
        <source>A is done.</source>
        <translation>A 完成了。</translation>
    </message>
    <message>
        <source>seed: the same move also takes SIX on the destination folder /B.</source>
        <translation>seed：同样的移动还会在目标文件夹 /B 上获取 SIX。</translation>
    </message>
    <message>
        <source>seed: B's create needs IX on /B, which SIX does not admit: refused, as the seed's table says (新建 B×).</source>
        <translation>seed：B 的新建需要 /B 上的 IX，而 SIX 不允许：被拒绝，与种子的表一致（新建 B×）。</translation>
    </message>
    <message>
        <source>A's move is done.</source>
        <translation>A 的移动完成了。</translation>
    </message>
    <message>
        <source>seed: now B may create /B/x.</source>
        <translation>seed：现在 B 可以新建 /B/x 了。</translation>
    </message>
    <message>
        <source>Same operations, different profile, different answer.</source>
        <translation>同样的操作，不同的策略配置，不同的结果。</translation>
    </message>
    <message>
        <source>Pause and fencing: a paused holder's late write is rejected</source>
        <translation>暂停与栅栏令牌：暂停的持有者迟到的写入被拒绝</translation>
    </message>
    <message>
        <source>A holds the lock on /A/C/D/d.txt and freezes (a long GC pause, a suspended VM): its watchdog stops renewing and the lease expires.</source>
        <translation>A 持有 /A/C/D/d.txt 上的锁后冻结了（长时间的 GC 暂停、被挂起的虚拟机）：它的看门狗停止续期，租约随之过期。</translation>
    </message>
    <message>
        <source>B then gets the lock, with a higher fencing token, and saves. When A wakes up and saves with its old token, the storage rejects it: a lock alone cannot stop a paused process, the fencing token can.</source>
        <translation>随后 B 以更高的栅栏令牌得到锁并保存。当 A 醒来并用旧令牌保存时，存储拒绝了它：单靠锁无法阻止一个暂停的进程，栅栏令牌可以。</translation>
    </message>
    <message>
        <source>A locks d.txt to save it (TTL 300 ms, renewed by its watchdog).</source>
        <translation>A 为保存 d.txt 而锁定它（TTL 300 毫秒，由其看门狗续期）。</translation>
    </message>
    <message>
        <source>A's process freezes before it writes: nothing renews its lease any more.</source>
        <translation>A 的进程在写入前冻结：再也没有东西为它的租约续期。</translation>
    </message>
    <message>
        <source>450 ms pass: A's lease has expired on the server's clock.</source>
        <translation>450 毫秒过去：按服务器的时钟，A 的租约已过期。</translation>
    </message>
    <message>
        <source>B asks for the same file: the expired lease blocks nothing, B is granted with a higher fencing token.</source>
        <translation>B 请求同一个文件：过期的租约不阻塞任何操作，B 以更高的栅栏令牌获得授予。</translation>
    </message>
    <message>
        <source>B saves d.txt; the storage remembers B's token on it.</source>
        <translation>B 保存 d.txt；存储记住了其上 B 的令牌。</translation>
    </message>
    <message>
        <source>A wakes up and saves with its old token: the storage has seen a newer token on d.txt and rejects the write. B's data is safe.</source>
        <translation>A 醒来并用旧令牌保存：存储已在 d.txt 上见过更新的令牌，于是拒绝这次写入。B 的数据是安全的。</translation>
    </message>
    <message>
        <source>A holds nothing any more: its lease is gone.</source>
        <translation>A 已不再持有任何东西：它的租约已经不在了。</translation>
    </message>
    <message>
        <source>Many readers and one writer: the writer gets in</source>
        <translation>多个读者与一个写者：写者得以进入</translation>
    </message>
    <message>
        <source>Copies read their source with S; deleting a folder inside it needs X there, and IX on the folder the copies read. S is compatible with S, so readers that keep overlapping keep the folder readable, and a writer that only waits for a gap may never find one.</source>
        <translation>复制操作以 S 读取其源；删除其中的文件夹需要在该处持有 X，并在复制所读的文件夹上持有 IX。S 与 S 相容，所以不断重叠的读者会让该文件夹一直可读，而只等待空隙的写者可能永远等不到。</translation>
    </message>
    <message>
        <source>Treelock queues fairly: a refused acquire that waits is registered as a waiter, and once it has waited longer than the project's grace (5 ms unless set) newer requests that conflict with it wait behind it. A reader that arrives while the writer waits is refused behind the writer; the readers already in finish, the writer gets in, then the readers go on.</source>
        <translation>Treelock 公平排队：等待中的被拒绝获取会登记为等待者，一旦它等待超过项目的宽限期（未设置时为 5 毫秒），与之冲突的更新请求就排在它之后。写者等待期间到达的读者会因排在写者之后而被拒绝；已在其中的读者完成后，写者进入，然后读者继续。</translation>
    </message>
    <message>
        <source>Reader R1 copies /A/C: S on /A/C, the whole subtree.</source>
        <translation>读者 R1 复制 /A/C：/A/C 上的 S，覆盖整个子树。</translation>
    </message>
    <message>
        <source>Reader R2 copies /A/C too: S and S are compatible, the two reads overlap.</source>
        <translation>读者 R2 也复制 /A/C：S 与 S 相容，两次读取相互重叠。</translation>
    </message>
    <message>
        <source>Writer W wants to delete /A/C/E, inside what they read: X on /A/C/E and IX on /A/C, which S refuses. W waits (up to 10 s, while the next steps play): its refused attempt registers it as a waiter, and past the project's grace it holds back newer requests that conflict with it.</source>
        <translation>写者 W 想删除它们正在读取的范围内的 /A/C/E：需要 /A/C/E 上的 X 和 /A/C 上的 IX，而 S 拒绝了这些。W 等待（最多 10 秒，期间后续步骤继续播放）：它被拒绝的尝试将它登记为等待者，超过项目的宽限期后，它会挡住与之冲突的更新请求。</translation>
    </message>
    <message>
        <source>The lock table: the two readers hold /A/C, and W is listed as waiting.</source>
        <translation>锁表：两个读者持有 /A/C，W 被列为等待中。</translation>
    </message>
    <message>
        <source>Reader R3 arrives while W waits. Its S would fit beside the readers' S, but it is refused behind W: the blocker named is W's waiting request (queued, IX reserved on /A/C), not a lease. Without this, new readers could keep the writer out forever.</source>
        <translation>读者 R3 在 W 等待期间到达。它的 S 本可与读者们的 S 共存，但它因排在 W 之后而被拒绝：指出的阻塞者是 W 的等待请求（排队中，在 /A/C 上预留了 IX），而不是租约。若非如此，新来的读者可能会让写者永远进不去。</translation>
    </message>
    <message>
        <source>R1's copy happens: /R1/C, with E.</source>
        <translation>R1 的复制完成：/R1/C，包含 E。</translation>
    </message>
    <message>
        <source>R1 finishes; R2 still reads.</source>
        <translation>R1 结束；R2 仍在读取。</translation>
    </message>
    <message>
        <source>R2's copy happens: /R2/C, with E.</source>
        <translation>R2 的复制完成：/R2/C，包含 E。</translation>
    </message>
    <message>
        <source>The last reader that was in before W leaves: W is woken and tries again.</source>
        <translation>在 W 之前进入的最后一个读者离开：W 被唤醒并再次尝试。</translation>
    </message>
    <message>
        <source>W's wait ends in a grant, ahead of R3, who asked later.</source>
        <translation>W 的等待以获得授予告终，先于稍后才请求的 R3。</translation>
    </message>
    <message>
        <source>/A/C/E goes to the recycle bin.</source>
        <translation>/A/C/E 进入回收站。</translation>
    </message>
    <message>
        <source>W is done: nothing holds the readers back any more.</source>
        <translation>W 完成了：再也没有什么挡住读者了。</translation>
    </message>
    <message>
        <source>R3 tries again and gets in: the readers go on.</source>
        <translation>R3 再次尝试并得以进入：读者们继续。</translation>
    </message>
    <message>
        <source>R3 copies /A/C as it is now, without E.</source>
        <translation>R3 按 /A/C 当前的样子复制它，不含 E。</translation>
    </message>
    <message>
        <source>R1 and R2 copied /A/C before the delete, R3 after it: each read a consistent folder.</source>
        <translation>R1 和 R2 在删除前复制了 /A/C，R3 在删除后复制：每次读到的都是一致的文件夹。</translation>
    </message>
    <message>
        <source>The seed's example: A moves /A/C while B edits /A/C/D/d.txt</source>
        <translation>种子示例：A 移动 /A/C，同时 B 编辑 /A/C/D/d.txt</translation>
    </message>
    <message>
        <source>User A moves folder /A/C into /B. Meanwhile user B wants to save /A/C/D/d.txt, a file inside the folder being moved.</source>
        <translation>用户 A 将文件夹 /A/C 移入 /B。与此同时，用户 B 想保存 /A/C/D/d.txt，这是正在被移动的文件夹中的一个文件。</translation>
    </message>
    <message>
        <source>B is refused and told who is in the way. After A's move, B's old path no longer exists: the write fails cleanly instead of recreating a stale /A/C, and B saves the file at its new place.</source>
        <translation>B 被拒绝，并被告知是谁挡住了它。A 移动完成后，B 的旧路径已不存在：写入干净地失败，而不是重建一个过时的 /A/C，随后 B 在文件的新位置保存它。</translation>
    </message>
    <message>
        <source>A starts moving /A/C into /B: X on /A/C (the whole subtree) and X on /B/C, taken together.</source>
        <translation>A 开始将 /A/C 移入 /B：/A/C 上的 X（整个子树）和 /B/C 上的 X，一起获取。</translation>
    </message>
    <message>
        <source>B wants to save d.txt inside the folder being moved: refused at once, and Treelock names A's move as the blocker.</source>
        <translation>B 想保存正在被移动的文件夹中的 d.txt：立即被拒绝，Treelock 指出 A 的移动是阻塞者。</translation>
    </message>
    <message>
        <source>A's move happens: /A/C and everything in it is now /B/C.</source>
        <translation>A 的移动完成：/A/C 及其中的一切现在都成了 /B/C。</translation>
    </message>
    <message>
        <source>The tree really changed: d.txt now lives at /B/C/D/d.txt.</source>
        <translation>树确实改变了：d.txt 现在位于 /B/C/D/d.txt。</translation>
    </message>
    <message>
        <source>A releases its lease; waiters are woken.</source>
        <translation>A 释放它的租约；等待者被唤醒。</translation>
    </message>
    <message>
        <source>B retries with the path it had: the lock is free now (a lock is about a path, not about a file).</source>
        <translation>B 用原来的路径重试：锁现在是空闲的（锁针对的是路径，而不是文件）。</translation>
    </message>
    <message>
        <source>But /A/C/D no longer exists: the write fails cleanly instead of silently recreating a stale /A/C.</source>
        <translation>但 /A/C/D 已不存在：写入干净地失败，而不是悄悄重建一个过时的 /A/C。</translation>
    </message>
    <message>
        <source>B lets go of the old path.</source>
        <translation>B 放开旧路径。</translation>
    </message>
    <message>
        <source>B looks the file up again and locks it at its new place.</source>
        <translation>B 重新查找该文件，并在其新位置锁定它。</translation>
    </message>
    <message>
        <source>B's edit is saved to /B/C/D/d.txt.</source>
        <translation>B 的编辑保存到了 /B/C/D/d.txt。</translation>
    </message>
    <message>
        <source>Nothing is held any more; both users got their work done, in order, on the tree as it really was.</source>
        <translation>已不再持有任何东西；两个用户都按顺序、在树的真实状态上完成了各自的工作。</translation>
    </message>
</context>
<context>
    <name>ScenarioAction</name>
    <message>
        <source>acquire</source>
        <translation>获取</translation>
    </message>
    <message>
        <source>await</source>
        <translation>等待结果</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>crash</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>sweep</source>
        <translation>清理</translation>
    </message>
    <message>
        <source>force-release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <source>expect</source>
        <translation>核对</translation>
    </message>
    <message>
        <source>stall-replica</source>
        <translation>使副本滞后</translation>
    </message>
    <message>
        <source>kill-primary</source>
        <translation>杀死主节点</translation>
    </message>
</context>
<context>
    <name>ScenarioDetail</name>
    <message>
        <source>fence %1</source>
        <translation>栅栏令牌 %1</translation>
    </message>
    <message>
        <source>blocked by %1: %2, %3 held on %4, expires in %5 s</source>
        <translation>被 %1 阻塞：%2，%4 上持有 %3，%5 秒后过期</translation>
    </message>
    <message>
        <source>queued behind %1, who waits longer: %2, %3 reserved on %4</source>
        <translation>排在等待更久的 %1 之后：%2，%4 上预留了 %3</translation>
    </message>
    <message>
        <source>waited %1 s</source>
        <translation>已等待 %1 秒</translation>
    </message>
    <message>
        <source>waits up to %1 s, %2</source>
        <translation>最多等待 %1 秒，%2</translation>
    </message>
    <message>
        <source>holds newer conflicting requests back</source>
        <translation>挡住与之冲突的更新请求</translation>
    </message>
    <message>
        <source>fairness is off: holds nothing back</source>
        <translation>公平已关闭：不挡住任何请求</translation>
    </message>
    <message>
        <source>did not wait: the next "await" takes the outcome</source>
        <translation>未等待：由下一个“等待结果”步骤取得结果</translation>
    </message>
    <message>
        <source>holds no lease</source>
        <translation>未持有租约</translation>
    </message>
    <message>
        <source>held nothing</source>
        <translation>未持有任何锁</translation>
    </message>
    <message>
        <source>lease %1 (fence %2) is no longer renewed</source>
        <translation>租约 %1（栅栏令牌 %2）不再续期</translation>
    </message>
    <message>
        <source>lease %1</source>
        <translation>租约 %1</translation>
    </message>
    <message>
        <source>%1 reaped</source>
        <translation>回收了 %1 个</translation>
    </message>
    <message>
        <source>%1 live, %2 expired, %3 waiting: %4</source>
        <translation>%1 个有效，%2 个已过期，%3 个等待：%4</translation>
    </message>
    <message>
        <source>%1 live, %2 expired, %3 waiting</source>
        <translation>%1 个有效，%2 个已过期，%3 个等待</translation>
    </message>
    <message>
        <source>%1 live, %2 expired: %3</source>
        <translation>%1 个有效，%2 个已过期：%3</translation>
    </message>
    <message>
        <source>%1 live, %2 expired</source>
        <translation>%1 个有效，%2 个已过期</translation>
    </message>
    <message>
        <source>%1 %2 EXPIRED</source>
        <translation>%1 %2 已过期</translation>
    </message>
    <message>
        <source>%1 %2 live, %3 s left</source>
        <translation>%1 %2 有效，剩余 %3 秒</translation>
    </message>
    <message>
        <source>%1 %2 waiting, holds newer requests back</source>
        <translation>%1 %2 等待中，挡住更新的请求</translation>
    </message>
    <message>
        <source>%1 %2 waiting</source>
        <translation>%1 %2 等待中</translation>
    </message>
    <message>
        <source>%1 never held a lease</source>
        <translation>%1 从未持有租约</translation>
    </message>
    <message>
        <source>replica %1 gets nothing from primary %2</source>
        <translation>副本 %1 收不到主节点 %2 的任何数据</translation>
    </message>
    <message>
        <source>primary %1 killed; the sentinels promoted %2 %3 s later; the old one is back as its replica</source>
        <translation>主节点 %1 已被杀死；%3 秒后哨兵提升了 %2；旧主节点已作为其副本恢复</translation>
    </message>
    <message>
        <source>fencing token %1 is older than token %2 that wrote %3</source>
        <translation>栅栏令牌 %1 比写入 %3 的令牌 %2 更旧</translation>
    </message>
    <message>
        <source>fencing token %1 is older than token %2 that read %3</source>
        <translation>栅栏令牌 %1 比读取 %3 的令牌 %2 更旧</translation>
    </message>
    <message>
        <source>folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>%1 exists</source>
        <translation>%1 存在</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>预期 %1，实际 %2</translation>
    </message>
    <message>
        <source>expected %1 live</source>
        <translation>预期 %1 个有效</translation>
    </message>
    <message>
        <source>expected %1 expired</source>
        <translation>预期 %1 个已过期</translation>
    </message>
    <message>
        <source>expected %1 waiting</source>
        <translation>预期 %1 个等待</translation>
    </message>
    <message>
        <source>expected %1 reaped</source>
        <translation>预期回收 %1 个</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>ScenarioOutcome</name>
    <message>
        <source>granted</source>
        <translation>已获准</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>被驳回</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>live</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>not-acknowledged</source>
        <translation>未获确认</translation>
    </message>
</context>
<context>
    <name>ScenarioPlan</name>
    <message>
        <source> · %1 profile</source>
        <translation> · %1 策略配置</translation>
    </message>
    <message>
        <source> %1 ms</source>
        <translation> %1 毫秒</translation>
    </message>
    <message>
        <source> in the background, up to %1 ms</source>
        <translation> （后台，最多 %1 毫秒）</translation>
    </message>
</context>
<context>
    <name>ServerWording</name>
    <message>
        <source>Redis evicts keys under memory pressure (maxmemory-policy %1, not noeviction): locks could silently vanish</source>
        <translation>Redis 在内存紧张时会逐出键（maxmemory-policy 为 %1，而非 noeviction）：锁可能悄无声息地消失</translation>
    </message>
    <message>
        <source>Cannot read Redis's maxmemory-policy (%1): make sure it is noeviction</source>
        <translation>无法读取 Redis 的 maxmemory-policy（%1）：请确认其为 noeviction</translation>
    </message>
    <message>
        <source>Redis keeps nothing on disk (no AOF, no snapshots): a restart loses every lease; fencing tokens still rise</source>
        <translation>Redis 不在磁盘上保存任何数据（无 AOF、无快照）：重启会丢失所有租约；栅栏令牌仍会递增</translation>
    </message>
    <message>
        <source>may evict locks</source>
        <translation>可能逐出锁</translation>
    </message>
    <message>
        <source>eviction policy unknown</source>
        <translation>逐出策略未知</translation>
    </message>
    <message>
        <source>no persistence</source>
        <translation>无持久化</translation>
    </message>
    <message>
        <source>no answer within %1 ms</source>
        <translation>%1 毫秒内无应答</translation>
    </message>
    <message>
        <source>the connection was closed</source>
        <translation>连接已关闭</translation>
    </message>
    <message>
        <source>the connection was refused</source>
        <translation>连接被拒绝</translation>
    </message>
    <message>
        <source>the connection was reset</source>
        <translation>连接被重置</translation>
    </message>
    <message>
        <source>the server at %1 cannot be used</source>
        <translation>无法使用位于 %1 的服务器</translation>
    </message>
    <message>
        <source>the server at %1 stopped answering</source>
        <translation>位于 %1 的服务器已停止应答</translation>
    </message>
    <message>
        <source>Redis at %1</source>
        <translation>位于 %1 的 Redis</translation>
    </message>
</context>
<context>
    <name>StudioOptions</name>
    <message>
        <source>Treelock Studio: live view of a project's hierarchical locks.
With no options it starts a private redis-server and opens the demo project.</source>
        <translation>Treelock Studio：实时查看项目的层级锁。
不带参数时启动私有 redis-server 并打开演示项目。</translation>
    </message>
    <message>
        <source>Use the in-process engine instead of Redis.</source>
        <translation>使用进程内引擎代替 Redis。</translation>
    </message>
    <message>
        <source>Project to open (default: demo).</source>
        <translation>要打开的项目（默认：demo）。</translation>
    </message>
    <message>
        <source>Operator name recorded with forced releases (default: $USER).</source>
        <translation>强制释放时记录的操作员名称（默认：$USER）。</translation>
    </message>
    <message>
        <source>Tree file (JSON) or local folder to show.</source>
        <translation>要显示的树文件（JSON）或本地文件夹。</translation>
    </message>
    <message>
        <source>Save the main window as a PNG and exit.</source>
        <translation>将主窗口保存为 PNG 并退出。</translation>
    </message>
    <message>
        <source>Wait MS milliseconds before the screenshot (default 1500).</source>
        <translation>截图前等待 MS 毫秒（默认 1500）。</translation>
    </message>
    <message>
        <source>Take a scenario's locks at start ("seed": someone moves /A/C while another edits /A/C/D/d.txt).</source>
        <translation>启动时获取某个场景的锁（"seed"：一人移动 /A/C，另一人编辑 /A/C/D/d.txt）。</translation>
    </message>
    <message>
        <source>User interface language (e.g. zh_CN, en).</source>
        <translation>界面语言（如 zh_CN、en）。</translation>
    </message>
    <message>
        <source>--after needs a number of milliseconds</source>
        <translation>--after 需要一个毫秒数</translation>
    </message>
    <message>
        <source>Open the Simulation panel and start a simulation (in-process engine).</source>
        <translation>打开“模拟”面板并启动一次模拟（进程内引擎）。</translation>
    </message>
    <message>
        <source>Virtual users for --simulate (1-500).</source>
        <translation>--simulate 的虚拟用户数（1–500）。</translation>
    </message>
    <message>
        <source>With --simulate: users skip the locks (violations appear).</source>
        <translation>与 --simulate 一起使用：用户不加锁（会出现违规）。</translation>
    </message>
    <message>
        <source>Open the Simulation panel and play a scenario (e.g. seed-example).</source>
        <translation>打开“模拟”面板并播放一个场景（例如 seed-example）。</translation>
    </message>
    <message>
        <source>--users needs a number from 1 to 500</source>
        <translation>--users 需要 1 到 500 之间的数字</translation>
    </message>
    <message>
        <source>Window size in pixels, e.g. 1280x800 (default: fits the screen; 1440x900 for --screenshot).</source>
        <translation>窗口大小（像素），例如 1280x800（默认：适应屏幕；使用 --screenshot 时为 1440x900）。</translation>
    </message>
    <message>
        <source>no display: set DISPLAY (or WAYLAND_DISPLAY), or use QT_QPA_PLATFORM=offscreen (for example with --screenshot FILE), or run under xvfb-run -a</source>
        <translation>没有可用的显示：请设置 DISPLAY（或 WAYLAND_DISPLAY），或使用 QT_QPA_PLATFORM=offscreen（例如配合 --screenshot FILE），或在 xvfb-run -a 下运行</translation>
    </message>
    <message>
        <source>--size '%1': needs WIDTHxHEIGHT in pixels, from 640x420 to 16384x16384 (e.g. 1280x800)</source>
        <translation>--size '%1'：需要 WIDTHxHEIGHT 形式的像素尺寸，范围为 640x420 到 16384x16384（例如 1280x800）</translation>
    </message>
    <message>
        <source>--%1 '%2': no such scenario; valid names: %3</source>
        <translation>--%1 '%2'：没有这个场景；有效名称：%3</translation>
    </message>
    <message>
        <source>Start a private primary, replica and three sentinels, to watch a failover (Locks › Fail over now, Kill primary).</source>
        <translation>启动私有的主节点、副本和三个哨兵，以观察故障转移（锁 › 立即故障转移、杀死主节点）。</translation>
    </message>
    <message>
        <source>--redis, --memory and --private-ha exclude each other</source>
        <translation>--redis、--memory 和 --private-ha 不能同时使用</translation>
    </message>
    <message>
        <source>Connect to the Redis server at URL (redis://…, unix://…, redis+sentinel://host:port,…/MASTER or redis+cluster://host:port,…).</source>
        <translation>连接到位于 URL 的 Redis 服务器（redis://…、unix://…、redis+sentinel://host:port,…/MASTER 或 redis+cluster://host:port,…）。</translation>
    </message>
    <message>
        <source>invalid TREELOCK_TLS_INSECURE "%1": expected 1 (yes, true) or 0 (no, false)</source>
        <translation>TREELOCK_TLS_INSECURE 的值 "%1" 无效：应为 1（yes、true）或 0（no、false）</translation>
    </message>
    <message>
        <source>Bring the Timeline dock to the front (e.g. for --screenshot).</source>
        <translation>将“时间线”面板置于最前（例如配合 --screenshot）。</translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>Force release of %1's lease</source>
        <translation>强制释放 %1 的租约</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <source>still waiting</source>
        <translation>仍在等待</translation>
    </message>
    <message>
        <source>expired, not reaped yet</source>
        <translation>已过期，尚未回收</translation>
    </message>
    <message>
        <source>still held</source>
        <translation>仍在持有</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>force-released</source>
        <translation>已被强制释放</translation>
    </message>
    <message>
        <source>force-released: %1</source>
        <translation>已被强制释放：%1</translation>
    </message>
    <message>
        <source>released (no longer held at %1)</source>
        <translation>已释放（%1 时已不再持有）</translation>
    </message>
    <message>
        <source>granted</source>
        <translation>已获准</translation>
    </message>
    <message>
        <source>gave up (no grant seen)</source>
        <translation>已放弃（未见授予）</translation>
    </message>
    <message>
        <source>waits for %1</source>
        <translation>等待 %1</translation>
    </message>
    <message>
        <source>holds %1</source>
        <translation>持有 %1</translation>
    </message>
    <message>
        <source>from %1, for %2 so far</source>
        <translation>自 %1 起，至今已 %2</translation>
    </message>
    <message>
        <source>from %1 to %2, %3</source>
        <translation>从 %1 到 %2，共 %3</translation>
    </message>
    <message>
        <source>At %1: </source>
        <translation>%1 时：</translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) held</source>
        <translation>
            <numerusform>持有 %n 个租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n 个等待</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::BridgeWorker</name>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>In-process engine: other programs cannot see these locks</source>
        <translation>进程内引擎：其他程序看不到这些锁</translation>
    </message>
    <message>
        <source>No private Redis (%1): using the in-process engine</source>
        <translation>无法使用私有 Redis（%1）：改用进程内引擎</translation>
    </message>
    <message>
        <source>Private redis-server started by the Studio; stopped when it exits</source>
        <translation>由 Studio 启动的私有 redis-server，退出时停止</translation>
    </message>
    <message>
        <source>(invalid URL)</source>
        <translation>（无效的 URL）</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message numerus="yes">
        <source>Released %n expired lease(s)</source>
        <translation>
            <numerusform>已释放 %n 个过期租约</numerusform>
        </translation>
    </message>
    <message>
        <source>Release expired failed: not connected</source>
        <translation>释放过期租约失败：未连接</translation>
    </message>
    <message>
        <source>Force release of %1 failed: not connected</source>
        <translation>强制释放 %1 失败：未连接</translation>
    </message>
    <message>
        <source>Force release of %1 refused: %2</source>
        <translation>强制释放 %1 被拒绝：%2</translation>
    </message>
    <message>
        <source>Lease %1 of %2 force-released by %3 (recorded in the event stream)</source>
        <translation>%2 的租约 %1 已被 %3 强制释放（已记入事件流）</translation>
    </message>
    <message>
        <source>Lease %1 is already gone</source>
        <translation>租约 %1 已不存在</translation>
    </message>
    <message>
        <source>Lease %1 had expired; it has been released</source>
        <translation>租约 %1 已过期，现已释放</translation>
    </message>
    <message>
        <source>Lease %1 is live and was not released</source>
        <translation>租约 %1 仍有效，未被释放</translation>
    </message>
    <message>
        <source>blocked by %1 (%2, %3 %4): %5 held on %6, frees in %7 s</source>
        <translation>被 %1 阻塞（%2，%3 %4）：%6 上持有 %5，%7 秒后释放</translation>
    </message>
    <message>
        <source>Granted to %1</source>
        <translation>已授予 %1</translation>
    </message>
    <message>
        <source>Refused: %1 is blocked</source>
        <translation>被拒绝：%1 被阻塞</translation>
    </message>
    <message>
        <source>Unknown scenario %1</source>
        <translation>未知场景 %1</translation>
    </message>
    <message>
        <source>Seed scenario: alice moves /A/C into /B; bob's save of /A/C/D/d.txt is blocked</source>
        <translation>种子场景：alice 将 /A/C 移入 /B；bob 保存 /A/C/D/d.txt 被阻塞</translation>
    </message>
    <message>
        <source>fence %1, TTL %2</source>
        <translation>栅栏令牌 %1，TTL %2</translation>
    </message>
    <message>
        <source>live lease revoked by %1@%2: %3</source>
        <translation>有效租约被 %1@%2 强制撤销：%3</translation>
    </message>
    <message>
        <source>expired lease released by %1@%2: %3</source>
        <translation>过期租约被 %1@%2 释放：%3</translation>
    </message>
    <message numerus="yes">
        <source>%n expired lease(s) reaped by %1</source>
        <translation>
            <numerusform>%1 回收了 %n 个过期租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) vanished after the connection was restored (server restarted or data lost)</source>
        <translation>
            <numerusform>连接恢复后有 %n 个租约消失（服务器已重启或数据丢失）</numerusform>
        </translation>
    </message>
    <message>
        <source>No private Sentinel set-up (%1): using the in-process engine</source>
        <translation>无法使用私有哨兵部署（%1）：改用进程内引擎</translation>
    </message>
    <message>
        <source>Private primary, replica and three sentinels started by the Studio; stopped when it exits. Locks › Fail over now / Kill primary show a failover.</source>
        <translation>由 Studio 启动的私有主节点、副本和三个哨兵，退出时停止。锁 › 立即故障转移 / 杀死主节点 可演示一次故障转移。</translation>
    </message>
    <message>
        <source>The killed primary could not be restarted as a replica: %1</source>
        <translation>被杀死的主节点无法作为副本重新启动：%1</translation>
    </message>
    <message numerus="yes">
        <source>Primary moved from %1 to %2: %n lease(s) lost</source>
        <translation>
            <numerusform>主节点从 %1 迁移到 %2：丢失 %n 个租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n survived</source>
        <translation>
            <numerusform>保留 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Fail over: only with the private Sentinel set-up</source>
        <translation>故障转移：仅适用于私有哨兵部署</translation>
    </message>
    <message>
        <source>Fail over refused: %1</source>
        <translation>故障转移被拒绝：%1</translation>
    </message>
    <message>
        <source>Failover asked of the sentinels: the replica of %1 is being promoted</source>
        <translation>已请求哨兵进行故障转移：%1 的副本正在被提升</translation>
    </message>
    <message>
        <source>Kill primary: no primary is running</source>
        <translation>杀死主节点：没有正在运行的主节点</translation>
    </message>
    <message>
        <source>Kill primary: only with the private Sentinel set-up</source>
        <translation>杀死主节点：仅适用于私有哨兵部署</translation>
    </message>
    <message>
        <source>Primary %1 killed (SIGKILL): the sentinels will promote its replica in a few seconds</source>
        <translation>主节点 %1 已被杀死（SIGKILL）：哨兵将在几秒内提升其副本</translation>
    </message>
    <message>
        <source>Setting %1 by %2@%3</source>
        <translation>设置 %1，由 %2@%3 更改</translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) gone after the connection was restored: released, or lost with the server's data (this project does not record releases)</source>
        <translation>
            <numerusform>连接恢复后有 %n 个租约不见了：已释放，或随服务器数据丢失（此项目不记录释放）</numerusform>
        </translation>
    </message>
    <message>
        <source>(this project does not record releases: some may have been released)</source>
        <translation>（此项目不记录释放：其中一些可能已被释放）</translation>
    </message>
    <message>
        <source>grace %1 ms</source>
        <translation>宽限期 %1 毫秒</translation>
    </message>
    <message>
        <source>grace off (no fairness)</source>
        <translation>宽限期关闭（无公平）</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n lease(s))</source>
        <translation>
            <numerusform>%1（%n 个租约）</numerusform>
        </translation>
    </message>
    <message>
        <source>Project %1 holds no locks. Other projects on this server: %2. Open one with File › Connect… (Find projects) or --project NAME; the command-line tool's default project is "default".</source>
        <translation>项目 %1 没有任何锁。此服务器上的其他项目：%2。可通过 文件 › 连接…（查找项目）或 --project NAME 打开其他项目；命令行工具的默认项目是“default”。</translation>
    </message>
    <message>
        <source>Listing the project's leases again (%1): %2</source>
        <translation>重新列出项目的租约（%1）：%2</translation>
    </message>
    <message numerus="yes">
        <source>Listed %n lease(s): following the events stream again</source>
        <translation>
            <numerusform>已列出 %n 个租约：重新跟随事件流</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>released %n lease(s) in %1's way (%2)</source>
        <translation>
            <numerusform>释放了挡住 %1 的 %n 个租约（%2）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>cancelled the place of %n waiter(s) ahead of it (%1)</source>
        <translation>
            <numerusform>取消了排在它前面的 %n 个等待者的排队位置（%1）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already gone (%1)</source>
        <translation>
            <numerusform>%n 个已不存在（%1）</numerusform>
        </translation>
    </message>
    <message>
        <source>Releasing what blocks %1 failed: not connected</source>
        <translation>释放 %1 的阻塞者失败：未连接</translation>
    </message>
    <message>
        <source>Releasing what blocks %1 was refused: %2</source>
        <translation>释放 %1 的阻塞者被拒绝：%2</translation>
    </message>
    <message>
        <source>%1 cancelled the place of %2 in the queue ahead of %3: %4</source>
        <translation>%1 取消了 %2 在队列中排在 %3 前面的位置：%4</translation>
    </message>
    <message>
        <source>Lease %1 force-released (its answer was lost; sent again, it found the lease gone)</source>
        <translation>租约 %1 已强制释放（应答丢失；重新发送后发现租约已不存在）</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ConflictMatrixModel</name>
    <message numerus="yes">
        <source>%1 refused because of %2: %n time(s)</source>
        <translation>
            <numerusform>%1 因 %2 被拒绝：%n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1 (%2)</source>
        <translation>被拒绝：%1（%2）</translation>
    </message>
    <message>
        <source>Blocked by: %1 (%2)</source>
        <translation>阻塞者：%1（%2）</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ConnectDialog</name>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Private redis-server (started and stopped by the Studio)</source>
        <translation>私有 redis-server（由 Studio 启动和停止）</translation>
    </message>
    <message>
        <source>Redis server at URL:</source>
        <translation>位于 URL 的 Redis 服务器：</translation>
    </message>
    <message>
        <source>In-process engine (only this window sees the locks)</source>
        <translation>进程内引擎（只有本窗口能看到这些锁）</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>Private primary, replica and three sentinels (to watch a failover)</source>
        <translation>私有主节点、副本和三个哨兵（用于观察故障转移）</translation>
    </message>
    <message>
        <source>&amp;Find projects</source>
        <translation>查找项目(&amp;F)</translation>
    </message>
    <message>
        <source>Looking for projects at %1…</source>
        <translation>正在 %1 查找项目…</translation>
    </message>
    <message>
        <source>No projects listed: %1</source>
        <translation>未能列出项目：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) · node %1 · slot %2</source>
        <translation>
            <numerusform>%n 个租约 · 节点 %1 · 槽 %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) · %1</source>
        <translation>
            <numerusform>%n 个租约 · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No projects yet: a project appears once it has been granted a lock.</source>
        <translation>尚无项目：项目在首次获得锁后才会出现。</translation>
    </message>
    <message numerus="yes">
        <source>%n project(s) on %1 — pick one from the list</source>
        <translation>
            <numerusform>%1上共 %n 个项目 — 请从列表中选择</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>(none; Sentinel URLs only)</source>
        <translation>（无；仅用于哨兵 URL）</translation>
    </message>
    <message>
        <source>U&amp;RL:</source>
        <translation>URL(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
    <message>
        <source>Sen&amp;tinel user:</source>
        <translation>哨兵用户(&amp;T)：</translation>
    </message>
    <message>
        <source>Sentinel pass&amp;word:</source>
        <translation>哨兵密码(&amp;W)：</translation>
    </message>
    <message>
        <source>Pro&amp;ject:</source>
        <translation>项目(&amp;J)：</translation>
    </message>
    <message>
        <source>kept only in the keychain, when saved</source>
        <translation>保存时只存放在钥匙串中</translation>
    </message>
    <message>
        <source>Saved c&amp;onnection:</source>
        <translation>已保存的连接(&amp;O)：</translation>
    </message>
    <message>
        <source>Passwords are never written to settings or logs: a saved connection keeps them in the system keychain.</source>
        <translation>密码从不写入设置或日志：已保存的连接把密码存放在系统钥匙串中。</translation>
    </message>
    <message>
        <source>Choose a saved connection to fill in the form, its password from the keychain</source>
        <translation>选择一个已保存的连接来填写表单，密码取自钥匙串</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the form under a name; the passwords go to the system keychain</source>
        <translation>以一个名称保存表单；密码存入系统钥匙串</translation>
    </message>
    <message>
        <source>Re&amp;name…</source>
        <translation>重命名(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>%1 · project %2</source>
        <translation>%1 · 项目 %2</translation>
    </message>
    <message>
        <source>(choose one)</source>
        <translation>（请选择）</translation>
    </message>
    <message>
        <source>(none saved yet)</source>
        <translation>（尚未保存任何连接）</translation>
    </message>
    <message>
        <source>The keychain could not be used (%1): the password is asked for each time.</source>
        <translation>无法使用钥匙串（%1）：每次连接都会询问密码。</translation>
    </message>
    <message>
        <source>Reading the password of %1 from the keychain…</source>
        <translation>正在从钥匙串读取 %1 的密码…</translation>
    </message>
    <message>
        <source>The keychain has not answered: type the password.</source>
        <translation>钥匙串没有响应：请输入密码。</translation>
    </message>
    <message>
        <source>The keychain holds no password for %1: type it, and Save to keep it.</source>
        <translation>钥匙串中没有 %1 的密码：请输入密码，并点击“保存”以保留它。</translation>
    </message>
    <message>
        <source>%1: the password is from the keychain.</source>
        <translation>%1：密码取自钥匙串。</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1，位于 %2</translation>
    </message>
    <message>
        <source>Save connection</source>
        <translation>保存连接</translation>
    </message>
    <message>
        <source>Name of the connection:</source>
        <translation>连接名称：</translation>
    </message>
    <message>
        <source>Replace the saved connection %1?</source>
        <translation>替换已保存的连接 %1？</translation>
    </message>
    <message>
        <source>Saved %1 (it has no password).</source>
        <translation>已保存 %1（它没有密码）。</translation>
    </message>
    <message>
        <source>Saving the password of %1 in the keychain…</source>
        <translation>正在把 %1 的密码存入钥匙串…</translation>
    </message>
    <message>
        <source>Saved %1; its password is in the keychain.</source>
        <translation>已保存 %1；其密码在钥匙串中。</translation>
    </message>
    <message>
        <source>Saved %1 without its password. %2</source>
        <translation>已保存 %1，但未保存其密码。%2</translation>
    </message>
    <message>
        <source>Rename connection</source>
        <translation>重命名连接</translation>
    </message>
    <message>
        <source>New name of %1:</source>
        <translation>%1 的新名称：</translation>
    </message>
    <message>
        <source>A saved connection is already named %1.</source>
        <translation>已有一个名为 %1 的已保存连接。</translation>
    </message>
    <message>
        <source>Renamed %1 to %2.</source>
        <translation>已将 %1 重命名为 %2。</translation>
    </message>
    <message>
        <source>Renamed %1 to %2. %3</source>
        <translation>已将 %1 重命名为 %2。%3</translation>
    </message>
    <message>
        <source>Renamed %1 to %2; its password moved with it in the keychain.</source>
        <translation>已将 %1 重命名为 %2；钥匙串中的密码也随之移动。</translation>
    </message>
    <message>
        <source>Delete connection</source>
        <translation>删除连接</translation>
    </message>
    <message>
        <source>Delete the saved connection %1, and its password in the keychain?</source>
        <translation>删除已保存的连接 %1 及其在钥匙串中的密码？</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>已删除 %1。</translation>
    </message>
    <message>
        <source>Deleted %1 and its password in the keychain.</source>
        <translation>已删除 %1 及其在钥匙串中的密码。</translation>
    </message>
    <message>
        <source>Deleted %1. %2</source>
        <translation>已删除 %1。%2</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>List the projects on the server (every primary of a cluster), each with its leases</source>
        <translation>列出服务器上的项目（集群则为每个主节点上的），并附上各自的租约</translation>
    </message>
    <message>
        <source>Studio's private server</source>
        <translation>Studio 的私有服务器</translation>
    </message>
    <message>
        <source>No projects yet: a private server starts empty, so any project name will do.</source>
        <translation>尚无项目：私有服务器启动时是空的，因此任何项目名称都可以。</translation>
    </message>
    <message>
        <source>No projects yet: the in-process engine starts empty each time it is opened, so any project name will do.</source>
        <translation>尚无项目：进程内引擎每次打开时都是空的，因此任何项目名称都可以。</translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s)</source>
        <translation>
            <numerusform>%n 个租约</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::EventLogModel</name>
    <message>
        <source>grant</source>
        <translation>授予</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>expire</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>forced release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <source>sweep</source>
        <translation>清理</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>被阻塞</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Paths</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>treelock::ui::EventLogPanel</name>
    <message>
        <source>Auto-scroll paused: you scrolled up.</source>
        <translation>自动滚动已暂停：您向上滚动了。</translation>
    </message>
    <message>
        <source>Follow new events</source>
        <translation>跟随新事件</translation>
    </message>
    <message>
        <source>Scroll to the newest event and keep following (End)</source>
        <translation>滚动到最新事件并持续跟随（End）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Clear the log (the project's event stream is not changed)</source>
        <translation>清空日志（不改变项目的事件流）</translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation>过滤事件</translation>
    </message>
    <message>
        <source>Filter events by owner, path, lease…</source>
        <translation>按持有者、路径、租约过滤事件…</translation>
    </message>
    <message>
        <source>Event type</source>
        <translation>事件类型</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>所有事件</translation>
    </message>
    <message>
        <source>Show the events of every lease</source>
        <translation>显示所有租约的事件</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the events shown (after filtering) as CSV or text</source>
        <translation>将当前显示的事件（过滤后）保存为 CSV 或文本</translation>
    </message>
    <message>
        <source>lease %1</source>
        <translation>租约 %1</translation>
    </message>
    <message>
        <source>Export events</source>
        <translation>导出事件</translation>
    </message>
    <message>
        <source>CSV (*.csv);;Text (*.txt)</source>
        <translation>CSV (*.csv);;文本 (*.txt)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n event(s) to %1</source>
        <translation>
            <numerusform>已将 %n 条事件导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Show lease in table</source>
        <translation>在租约表中显示</translation>
    </message>
    <message>
        <source>Show %1 in tree</source>
        <translation>在树中显示 %1</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ForceReleaseDialog</name>
    <message>
        <source>Force release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <source>This lease has expired and blocks nothing; releasing it only removes it.</source>
        <translation>此租约已过期，不阻塞任何操作；释放只是将其移除。</translation>
    </message>
    <message>
        <source>&lt;b&gt;This lease is live.&lt;/b&gt; Its holder may still be changing these paths: releasing it lets other users in at once. Its fencing token stays valid for storage that checks fences.</source>
        <translation>&lt;b&gt;此租约仍有效。&lt;/b&gt;持有者可能仍在修改这些路径：释放后其他用户会立即进入。对于检查栅栏令牌的存储，其栅栏令牌仍然有效。</translation>
    </message>
    <message>
        <source>Lease:</source>
        <translation>租约：</translation>
    </message>
    <message>
        <source>Owner:</source>
        <translation>持有者：</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <source>Paths:</source>
        <translation>路径：</translation>
    </message>
    <message>
        <source>Fence:</source>
        <translation>栅栏令牌：</translation>
    </message>
    <message>
        <source>Why? (required, recorded in the event stream)</source>
        <translation>原因？（必填，记入事件流）</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (host %2) &lt;span style='color:#666'&gt;· set with --user NAME&lt;/span&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（主机 %2）&lt;span style='color:#666'&gt;· 用 --user NAME 设置&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Recorded with the release in the event stream. treelock-studio --user NAME sets it (default: $USER).</source>
        <translation>随释放一起记录在事件流中。用 treelock-studio --user NAME 设置（默认：$USER）。</translation>
    </message>
    <message>
        <source>Operator:</source>
        <translation>操作员：</translation>
    </message>
    <message>
        <source>%1 &lt;span style='color:#666'&gt;· waits ahead: its place in the queue is cancelled&lt;/span&gt;</source>
        <translation>%1 &lt;span style='color:#666'&gt;· 排在前面等待：其排队位置将被取消&lt;/span&gt;</translation>
    </message>
    <message>
        <source>%1 &lt;span style='color:#666'&gt;· lease %2, expired&lt;/span&gt;</source>
        <translation>%1 &lt;span style='color:#666'&gt;· 租约 %2，已过期&lt;/span&gt;</translation>
    </message>
    <message>
        <source>%1 &lt;span style='color:#666'&gt;· lease %2, fence %3&lt;/span&gt;</source>
        <translation>%1 &lt;span style='color:#666'&gt;· 租约 %2，栅栏令牌 %3&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Holder crashed or hangs</source>
        <translation>持有者已崩溃或挂起</translation>
    </message>
    <message>
        <source>Unblocking a stuck request (on call)</source>
        <translation>解除卡住的请求（值班处理）</translation>
    </message>
    <message>
        <source>Left behind by a stopped job</source>
        <translation>已停止的作业遗留</translation>
    </message>
    <message>
        <source>Planned maintenance</source>
        <translation>计划内维护</translation>
    </message>
    <message>
        <source>Release what blocks a waiter</source>
        <translation>释放等待者的阻塞者</translation>
    </message>
    <message>
        <source>Only places in the queue are cancelled: their owners ask again as newcomers.</source>
        <translation>只取消排队位置：其请求者会作为新来者重新请求。</translation>
    </message>
    <message>
        <source>&lt;b&gt;These leases are live.&lt;/b&gt; Their holders may still be changing these paths: releasing them lets other users in at once. Their fencing tokens stay valid for storage that checks fences.</source>
        <translation>&lt;b&gt;这些租约仍有效。&lt;/b&gt;持有者可能仍在修改这些路径：释放后其他用户会立即进入。对于检查栅栏令牌的存储，它们的栅栏令牌仍然有效。</translation>
    </message>
    <message>
        <source>Waiter:</source>
        <translation>等待者：</translation>
    </message>
    <message numerus="yes">
        <source>Releases %n:</source>
        <translation>
            <numerusform>释放 %n 项：</numerusform>
        </translation>
    </message>
    <message>
        <source>Your recent reasons first, then the usual ones; or type your own</source>
        <translation>先列出您最近用过的原因，再列出常用原因；也可以自己输入</translation>
    </message>
    <message>
        <source>Release all %1</source>
        <translation>释放全部 %1 项</translation>
    </message>
</context>
<context>
    <name>treelock::ui::HotSpotModel</name>
    <message>
        <source>%1 vs %2 ×%3</source>
        <translation>%1 对 %2 ×%3</translation>
    </message>
    <message numerus="yes">
        <source>%n waiter(s) were last refused here</source>
        <translation>
            <numerusform>%n 个等待者上次在此被拒绝</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 refused by %2: %n time(s)</source>
        <translation>
            <numerusform>%1 被 %2 拒绝：%n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>In alarm: above %1 refusals/min</source>
        <translation>告警中：高于每分钟 %1 次拒绝</translation>
    </message>
    <message>
        <source>Where acquires were refused: the node where they clashed</source>
        <translation>获取被拒绝之处：发生冲突的节点</translation>
    </message>
    <message>
        <source>Refusals per minute, a decayed rate: each refusal weighs half as much every minute</source>
        <translation>每分钟拒绝次数，一个衰减速率：每次拒绝的权重每分钟减半</translation>
    </message>
    <message>
        <source>Refusals since the path entered the contention table</source>
        <translation>该路径进入争用表以来的拒绝次数</translation>
    </message>
    <message>
        <source>Waiters whose last attempt was refused here</source>
        <translation>上次尝试在此被拒绝的等待者</translation>
    </message>
    <message>
        <source>The refused operation vs the one in its way, and how often</source>
        <translation>被拒绝的操作对挡住它的操作，以及次数</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Refusals/min</source>
        <translation>拒绝/分钟</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>等待者</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>%1 refusals/min (decayed count %2), %3 in all; the last %4 (%5)</source>
        <translation>每分钟 %1 次拒绝（衰减计数 %2），共 %3 次；最近一次在 %4（%5）</translation>
    </message>
    <message>
        <source>When the latest refused attempt here happened: a waiter's retries count here, though the totals count a waiter once per blocker</source>
        <translation>最近一次在此被拒绝的尝试发生的时间：等待者的重试在此计入，而总计中每个等待者对每个阻塞者只计一次</translation>
    </message>
    <message>
        <source>Last refused try</source>
        <translation>最近一次拒绝</translation>
    </message>
</context>
<context>
    <name>treelock::ui::HotSpotPanel</name>
    <message>
        <source>Alarm above</source>
        <translation>告警：高于</translation>
    </message>
    <message>
        <source>Alarm threshold in refusals per minute</source>
        <translation>告警阈值（每分钟拒绝次数）</translation>
    </message>
    <message>
        <source>Raise an alarm when a path is refused more often than this, in refusals per minute (0: no alarm). Type a number and press Enter.</source>
        <translation>当某路径每分钟被拒绝的次数超过此值时告警（0：不告警）。输入数字后按回车。</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>refusals/min</source>
        <translation>次拒绝/分钟</translation>
    </message>
    <message>
        <source>No refusals counted.</source>
        <translation>尚未记录拒绝。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; path(s) refused &lt;span style='color:#666'&gt;· double-click one to find it in the tree&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; 个路径被拒绝 &lt;span style='color:#666'&gt;· 双击一行可在树中找到它&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 refusals/min, above %3</source>
        <translation>%1：每分钟 %2 次拒绝，高于 %3</translation>
    </message>
    <message>
        <source>Show in tree</source>
        <translation>在树中显示</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <source>Project &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>项目 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; path(s) refused in project &lt;b&gt;%1&lt;/b&gt; &lt;span style='color:#666'&gt;· double-click one to find it in the tree&lt;/span&gt;</source>
        <translation>
            <numerusform>项目 &lt;b&gt;%1&lt;/b&gt; 中有 &lt;b&gt;%n&lt;/b&gt; 条路径被拒绝 &lt;span style='color:#666'&gt;· 双击一行可在树中找到它&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>These are the hot spots of project &lt;b&gt;%1&lt;/b&gt;, on Studio's connection, not the simulation's: those are on the Hot spots tab of the Simulation panel.</source>
        <translation>这里是 Studio 所连接的项目 &lt;b&gt;%1&lt;/b&gt; 的热点，不是模拟的：模拟的热点在“模拟”面板的“热点”标签页中。</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LeasePanel</name>
    <message>
        <source>Filter by owner, operation, path or id…</source>
        <translation>按持有者、操作、路径或 ID 过滤…</translation>
    </message>
    <message>
        <source>Show every lease</source>
        <translation>显示所有租约</translation>
    </message>
    <message>
        <source>touching %1</source>
        <translation>涉及 %1</translation>
    </message>
    <message>
        <source>Force release…</source>
        <translation>强制释放…</translation>
    </message>
    <message>
        <source>Copy lease id</source>
        <translation>复制租约 ID</translation>
    </message>
    <message>
        <source>Filter leases</source>
        <translation>过滤租约</translation>
    </message>
    <message>
        <source>Copy paths</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <source>Show in tree</source>
        <translation>在树中显示</translation>
    </message>
    <message>
        <source>Show its events</source>
        <translation>显示其事件</translation>
    </message>
    <message numerus="yes">
        <source>%Ln live</source>
        <translation>
            <numerusform>%Ln 个有效</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln expired</source>
        <translation>
            <numerusform>%Ln 个已过期</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln held</source>
        <translation>
            <numerusform>持有 %Ln 个</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style='color:#666'&gt;· %1&lt;/span&gt;</source>
        <translation>&lt;b&gt;租约&lt;/b&gt; &lt;span style='color:#666'&gt;· %1&lt;/span&gt;</translation>
    </message>
    <message>
        <source>matching “%1”</source>
        <translation>匹配“%1”</translation>
    </message>
    <message>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style='color:#666'&gt;· %1 of %2 shown,&lt;/span&gt; &lt;b style='color:#8a4b00'&gt;%3&lt;/b&gt;</source>
        <translation>&lt;b&gt;租约&lt;/b&gt; &lt;span style='color:#666'&gt;· 显示 %2 个中的 %1 个，&lt;/span&gt; &lt;b style='color:#8a4b00'&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 且 </translation>
    </message>
    <message>
        <source>%1 (all: %2). Clear the filter field and the node chip to see every lease.</source>
        <translation>%1（全部：%2）。清空过滤框并移除节点标签即可看到所有租约。</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LeaseTableModel</name>
    <message>
        <source>live ×%1</source>
        <translation>有效 ×%1</translation>
    </message>
    <message>
        <source>live</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Paths and modes</source>
        <translation>路径与模式</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>已持有</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>Fence</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Lease %1 · fence %2 · age %3</source>
        <translation>租约 %1 · 栅栏令牌 %2 · 已持有 %3</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LegendWidget</name>
    <message>
        <source>exclusive on the subtree</source>
        <translation>对整个子树排他</translation>
    </message>
    <message>
        <source>shared subtree, writes below</source>
        <translation>子树共享，下层有写</translation>
    </message>
    <message>
        <source>shared (read) on the subtree</source>
        <translation>对整个子树共享（读）</translation>
    </message>
    <message>
        <source>a lease below writes</source>
        <translation>下层有租约在写</translation>
    </message>
    <message>
        <source>a lease below reads</source>
        <translation>下层有租约在读</translation>
    </message>
    <message>
        <source>inside an X-locked folder</source>
        <translation>位于 X 锁定的文件夹中</translation>
    </message>
    <message>
        <source>inside an S-locked folder</source>
        <translation>位于 S 锁定的文件夹中</translation>
    </message>
    <message>
        <source>blocks nothing; not reaped yet</source>
        <translation>不阻塞任何操作；尚未回收</translation>
    </message>
    <message>
        <source>Italic names are paths that a lease names but the loaded tree does not contain.</source>
        <translation>斜体名称是租约中出现、但已加载的树中没有的路径。</translation>
    </message>
    <message>
        <source>someone waits to lock here</source>
        <translation>有人在此等待加锁</translation>
    </message>
    <message>
        <source>italic name = path named by a lease, not in the loaded tree · hover a node for every lease on it</source>
        <translation>斜体名称 = 仅出现在租约中、不在已加载树中的路径 · 悬停节点可查看涉及它的所有租约</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LiveStatisticsView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Press Start to run the virtual users.</source>
        <translation>按“开始”运行虚拟用户。</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Acquire calls</source>
        <translation>加锁调用次数</translation>
    </message>
    <message>
        <source>Grants</source>
        <translation>获准</translation>
    </message>
    <message>
        <source>Operations that got their locks</source>
        <translation>拿到锁的操作</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Refused acquire calls (the user waits and retries)</source>
        <translation>被拒绝的加锁调用（用户等待后重试）</translation>
    </message>
    <message>
        <source>Timeouts</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>Operations given up after the wait timeout</source>
        <translation>等待超时后放弃的操作</translation>
    </message>
    <message>
        <source>Fencing rejections</source>
        <translation>栅栏拒绝</translation>
    </message>
    <message>
        <source>Writes the file system refused because a newer fencing token had touched the nodes</source>
        <translation>因更新的栅栏令牌已触及这些节点而被文件系统拒绝的写入</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Operations whose change was applied to the tree</source>
        <translation>修改已应用到目录树的操作</translation>
    </message>
    <message>
        <source>Operations/s</source>
        <translation>操作/秒</translation>
    </message>
    <message>
        <source>Completed operations per simulated second, over the whole run</source>
        <translation>整个运行期间每模拟秒完成的操作数</translation>
    </message>
    <message>
        <source>Wait p50 / p99</source>
        <translation>等待 p50 / p99</translation>
    </message>
    <message>
        <source>Time from the first attempt to the grant</source>
        <translation>从首次尝试到获准的时间</translation>
    </message>
    <message>
        <source>In flight / waiting</source>
        <translation>进行中 / 等待中</translation>
    </message>
    <message>
        <source>Operations between lock and write, and users waiting for a lock, now</source>
        <translation>当前处于加锁与写入之间的操作数，以及正在等锁的用户数</translation>
    </message>
    <message>
        <source>Simulated time</source>
        <translation>模拟时间</translation>
    </message>
    <message>
        <source>Time since the start, on the simulation's clock</source>
        <translation>按模拟时钟计算的自开始以来的时间</translation>
    </message>
    <message>
        <source>Safety violations</source>
        <translation>安全违规</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>operations/s</source>
        <translation>操作/秒</translation>
    </message>
    <message>
        <source>violations (total)</source>
        <translation>违规（累计）</translation>
    </message>
    <message>
        <source>simulated s</source>
        <translation>模拟秒</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>违规</translation>
    </message>
    <message>
        <source>Wait until granted</source>
        <translation>获准前的等待</translation>
    </message>
    <message>
        <source>operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>ms (log buckets, upper bound)</source>
        <translation>毫秒（对数分桶，取上限）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Conflicts&lt;/b&gt;: row refused, column holding the blocking lease</source>
        <translation>&lt;b&gt;冲突&lt;/b&gt;：行为被拒绝的操作，列为持有阻塞租约的操作</translation>
    </message>
    <message>
        <source>locking is off</source>
        <translation>未加锁</translation>
    </message>
    <message>
        <source>with locking on!</source>
        <translation>加锁时出现！</translation>
    </message>
    <message>
        <source>locking on</source>
        <translation>已加锁</translation>
    </message>
    <message>
        <source>Two in-flight operations that touch the same node (or an ancestor and a descendant) with at least one write. Must be 0 with locking on.</source>
        <translation>两个进行中的操作触及同一节点（或祖先与后代），且至少一个是写入。加锁时必须为 0。</translation>
    </message>
    <message>
        <source>Most recent:</source>
        <translation>最近的：</translation>
    </message>
    <message>
        <source>Time from the first attempt to the grant. Buckets, in ms: ≤ %1</source>
        <translation>从首次尝试到获准的时间。分桶（毫秒）：≤ %1</translation>
    </message>
    <message>
        <source>%1 (%2): %3 acquires granted after waiting, median %4, longest %5; %6 given up after the wait timeout</source>
        <translation>%1（%2）：%3 次获取在等待后被授予，中位数 %4，最长 %5；%6 次在等待超时后放弃</translation>
    </message>
    <message>
        <source>%1 vs %2 (%3)</source>
        <translation>%1 对 %2（%3）</translation>
    </message>
    <message>
        <source>%1: %2 refused attempts clashed here, %3 of them behind an older waiter; %4 users wait on it now</source>
        <translation>%1：%2 次被拒绝的尝试在此冲突，其中 %3 次排在更早的等待者之后；当前有 %4 个用户在此等待</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>等待过</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Longest</source>
        <translation>最长</translation>
    </message>
    <message>
        <source>Gave up</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Per operation, the acquires that were refused before their grant: how many, the median and the longest wait until the grant, and how many gave up after the wait timeout. A writer starved by readers shows here.</source>
        <translation>按操作统计先被拒绝、后获授予的获取：次数、到授予为止等待时间的中位数和最长值，以及等待超时后放弃的次数。被读者饿死的写者会显示在这里。</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Refusals</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Behind a waiter</source>
        <translation>排在等待者后</translation>
    </message>
    <message>
        <source>Waiting now</source>
        <translation>当前等待</translation>
    </message>
    <message>
        <source>fairness on (grace %1)</source>
        <translation>公平已开启（宽限期 %1）</translation>
    </message>
    <message>
        <source>fairness off</source>
        <translation>公平已关闭</translation>
    </message>
    <message>
        <source>&lt;b&gt;Waits by operation&lt;/b&gt;: acquires refused first, most starved first · %1</source>
        <translation>&lt;b&gt;按操作的等待&lt;/b&gt;：先被拒绝的获取，最饥饿的在前 · %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hot spots&lt;/b&gt;: where refused attempts clashed · %1 of %2 refusals behind a waiter</source>
        <translation>&lt;b&gt;热点&lt;/b&gt;：被拒绝的尝试发生冲突之处 · %2 次拒绝中有 %1 次排在等待者之后</translation>
    </message>
    <message>
        <source>Waits by operation</source>
        <translation>按操作的等待</translation>
    </message>
    <message>
        <source>Hot spots</source>
        <translation>热点</translation>
    </message>
    <message>
        <source>What clashed</source>
        <translation>冲突的操作</translation>
    </message>
    <message>
        <source>The paths where refused attempts clashed, counted by the simulator over the whole run, most first; behind a waiter: refused because an older waiting request conflicts (fairness), not a holder; what clashed: the refused operation vs the one holding or waiting, most frequent first.</source>
        <translation>被拒绝的尝试发生冲突的路径，由模拟器在整个运行期间统计，多者在前；排在等待者后：因与更早的等待请求冲突（公平）而被拒绝，而非因持有者；冲突的操作：被拒绝的操作对持有或等待的操作，最常见的在前。</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LoadTestForm</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Start the virtual users, or resume after a pause</source>
        <translation>启动虚拟用户，或在暂停后继续</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Hold the simulated clock still</source>
        <translation>让模拟时钟停住</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>End the run: held leases are released and the main view returns to Studio's project</source>
        <translation>结束运行：释放持有的租约，主视图回到 Studio 的项目</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Run the next event only (pauses a running simulation)</source>
        <translation>只运行下一个事件（会暂停正在运行的模拟）</translation>
    </message>
    <message>
        <source>Start or resume the simulation</source>
        <translation>开始或继续模拟</translation>
    </message>
    <message>
        <source>Pause the simulation</source>
        <translation>暂停模拟</translation>
    </message>
    <message>
        <source>Stop the simulation</source>
        <translation>停止模拟</translation>
    </message>
    <message>
        <source>Run the next simulated event</source>
        <translation>运行下一个模拟事件</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>St&amp;ep</source>
        <translation>单步(&amp;E)</translation>
    </message>
    <message>
        <source>Simulated time per wall-clock time (memory engine); with Redis it divides think and hold times</source>
        <translation>模拟时间与真实时间之比（内存引擎）；使用 Redis 时用于缩短思考和持有时间</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最快</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>Users and targets</source>
        <translation>用户与目标</translation>
    </message>
    <message>
        <source>Virtual users, each with its own lock client (1–500)</source>
        <translation>虚拟用户，每个都有自己的锁客户端（1–500）</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>用户数</translation>
    </message>
    <message>
        <source>Uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <source>Hot spot</source>
        <translation>热点</translation>
    </message>
    <message>
        <source>Uniform: any entry; hot spot: a share of the picks goes to the first few entries</source>
        <translation>均匀：任意条目；热点：一部分选择集中在前几个条目上</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>目标选择</translation>
    </message>
    <message>
        <source>Share of the picks that go to the hot spot</source>
        <translation>落在热点上的选择比例</translation>
    </message>
    <message>
        <source>Hot-spot share</source>
        <translation>热点比例</translation>
    </message>
    <message>
        <source>Number of entries in the hot spot</source>
        <translation>热点中的条目数</translation>
    </message>
    <message>
        <source>Hot-spot entries</source>
        <translation>热点条目数</translation>
    </message>
    <message>
        <source>Operation mix (relative weights)</source>
        <translation>操作组合（相对权重）</translation>
    </message>
    <message>
        <source>Relative weight of %1 (%2); 0 = never</source>
        <translation>%1（%2）的相对权重；0 = 从不</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>How long a user holds its locks while it works (uniform between the two)</source>
        <translation>用户工作时持有锁的时长（在两值之间均匀分布）</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>持有</translation>
    </message>
    <message>
        <source>Mean pause between a user's operations (exponential, cut at 10× the mean)</source>
        <translation>用户两次操作之间的平均间隔（指数分布，截断于均值的 10 倍）</translation>
    </message>
    <message>
        <source>Think (mean)</source>
        <translation>思考（平均）</translation>
    </message>
    <message>
        <source>A user gives an operation up after waiting this long for its locks</source>
        <translation>用户等待锁超过此时长后放弃该操作</translation>
    </message>
    <message>
        <source>Wait timeout</source>
        <translation>等待超时</translation>
    </message>
    <message>
        <source>Lease time to live; the watchdog renews every TTL/3</source>
        <translation>租约存活时间；看门狗每 TTL/3 续期一次</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Faults (per granted operation)</source>
        <translation>故障（每次获准的操作）</translation>
    </message>
    <message>
        <source>The user dies while holding: its lease stays until it expires</source>
        <translation>用户在持锁时崩溃：其租约保留到过期</translation>
    </message>
    <message>
        <source>Crash</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>The user stops renewing, sleeps past its TTL, then writes with its old fencing token</source>
        <translation>用户停止续期，睡过 TTL 后再用旧的栅栏令牌写入</translation>
    </message>
    <message>
        <source>Pause past TTL</source>
        <translation>暂停超过 TTL</translation>
    </message>
    <message>
        <source>The user keeps its lease %1 ms longer after writing</source>
        <translation>用户写入后多持有租约 %1 毫秒</translation>
    </message>
    <message>
        <source>Slow release</source>
        <translation>慢释放</translation>
    </message>
    <message>
        <source>Engine and policy</source>
        <translation>引擎与策略</translation>
    </message>
    <message>
        <source>Users take locks</source>
        <translation>用户加锁</translation>
    </message>
    <message>
        <source>Off: users skip the lock entirely and the safety monitor counts the damage</source>
        <translation>关闭：用户完全不加锁，由安全监视器统计造成的破坏</translation>
    </message>
    <message>
        <source>Locking</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>In-process (virtual clock)</source>
        <translation>进程内（虚拟时钟）</translation>
    </message>
    <message>
        <source>Studio's Redis, project “sim”</source>
        <translation>Studio 的 Redis，项目“sim”</translation>
    </message>
    <message>
        <source>In-process: deterministic, as fast as you like. Redis: real time, through the server Studio is connected to, in its own project</source>
        <translation>进程内：结果确定，速度可调。Redis：真实时间，通过 Studio 所连接的服务器，在单独的项目中运行</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>fine</source>
        <translation>fine</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <source>Lock policy: fine (Treelock's) or seed (the seed documents' table)</source>
        <translation>锁策略：fine（Treelock 的）或 seed（种子文档中的表）</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Random seed: with the in-process engine the same seed gives the same run</source>
        <translation>随机种子：使用进程内引擎时，相同的种子得到相同的运行</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Studio is not connected to Redis</source>
        <translation>Studio 未连接到 Redis</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Waiters hold newer requests back</source>
        <translation>等待者挡住更新的请求</translation>
    </message>
    <message>
        <source>On: a user that has waited longer than the grace holds back newer requests that conflict with it, so a writer among readers gets in. Off: a waiting writer can starve while readers keep overlapping. A setting of the simulation's project; switchable while running</source>
        <translation>开启：等待超过宽限期的用户会挡住与之冲突的更新请求，使夹在读者之间的写者得以进入。关闭：当读者不断重叠时，等待中的写者可能饿死。这是模拟项目的设置；运行中也可切换</translation>
    </message>
    <message>
        <source>Fairness</source>
        <translation>公平</translation>
    </message>
    <message>
        <source>How long a user waits before it holds newer conflicting requests back</source>
        <translation>用户等待多久后开始挡住与之冲突的更新请求</translation>
    </message>
    <message>
        <source>Grace</source>
        <translation>宽限期</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LockTreeModel</name>
    <message numerus="yes">
        <source>%Ln lease(s) below</source>
        <translation>
            <numerusform>下层 %Ln 个租约</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 +%3</source>
        <translation>%1、%2 等 +%3</translation>
    </message>
    <message>
        <source>%1 above</source>
        <translation>上层 %1</translation>
    </message>
    <message>
        <source>Not in the loaded tree: added because a lease names it</source>
        <translation>不在已加载的树中：因租约涉及而添加</translation>
    </message>
    <message>
        <source>No lease touches this node</source>
        <translation>没有租约涉及此节点</translation>
    </message>
    <message>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Fence</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>held here</source>
        <translation>在此持有</translation>
    </message>
    <message>
        <source>below</source>
        <translation>下层</translation>
    </message>
    <message>
        <source>above</source>
        <translation>上层</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more lease(s)</source>
        <translation>
            <numerusform>… 另有 %n 个租约</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more waiting</source>
        <translation>
            <numerusform>… 另有 %n 个等待</numerusform>
        </translation>
    </message>
    <message>
        <source>Not in the loaded tree: added because a waiting request names it</source>
        <translation>不在已加载的树中：因等待中的请求涉及而添加</translation>
    </message>
    <message>
        <source>Not in the loaded tree: added because a waiting request names a path inside it</source>
        <translation>不在已加载的树中：因等待中的请求涉及其中的路径而添加</translation>
    </message>
</context>
<context>
    <name>treelock::ui::MainWindow</name>
    <message>
        <source>Treelock Studio</source>
        <translation>Treelock Studio</translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation>立即重试</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <source>Permission matrix</source>
        <translation>权限矩阵</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>连接(&amp;C)…</translation>
    </message>
    <message>
        <source>Connect to another Redis server or project (Ctrl+K)</source>
        <translation>连接到其他 Redis 服务器或项目（Ctrl+K）</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Show a local folder's files as the project tree (Ctrl+O)</source>
        <translation>将本地文件夹的文件显示为项目树（Ctrl+O）</translation>
    </message>
    <message>
        <source>Open &amp;Tree File…</source>
        <translation>打开树文件(&amp;T)…</translation>
    </message>
    <message>
        <source>Load a project tree from a JSON tree file (Ctrl+Shift+O)</source>
        <translation>从 JSON 树文件加载项目树（Ctrl+Shift+O）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Release expired (%1)</source>
        <translation>释放过期租约 (%1)</translation>
    </message>
    <message>
        <source>Reap every expired lease now; recorded as a sweep by you (Ctrl+Shift+R)</source>
        <translation>立即回收所有过期租约；以您的名义记为一次清理（Ctrl+Shift+R）</translation>
    </message>
    <message>
        <source>&amp;Force release…</source>
        <translation>强制释放(&amp;F)…</translation>
    </message>
    <message>
        <source>Revoke the selected lease; asks for a reason, which is audited (Del)</source>
        <translation>撤销所选租约；需填写原因，并被审计（Del）</translation>
    </message>
    <message>
        <source>Copy &amp;URL</source>
        <translation>复制 &amp;URL</translation>
    </message>
    <message>
        <source>Copy the backend URL, to point the treelock CLI at the same server (Ctrl+Shift+C)</source>
        <translation>复制后端 URL，以便 treelock 命令行连接同一服务器（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>Show only &amp;locked nodes</source>
        <translation>只显示锁定的节点(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Expand to locked nodes</source>
        <translation>展开到锁定的节点(&amp;E)</translation>
    </message>
    <message>
        <source>Find in &amp;tree</source>
        <translation>在树中查找(&amp;T)</translation>
    </message>
    <message>
        <source>Filter &amp;leases</source>
        <translation>过滤租约(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;About Treelock Studio</source>
        <translation>关于 Treelock Studio(&amp;A)</translation>
    </message>
    <message>
        <source>About Treelock Studio</source>
        <translation>关于 Treelock Studio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Treelock Studio&lt;/b&gt; %1&lt;br/&gt;Live view of hierarchical locks on Redis: intention modes (IS, IX, SIX) on ancestors, S and X on subtrees, fencing tokens, audited forced releases.</source>
        <translation>&lt;b&gt;Treelock Studio&lt;/b&gt; %1&lt;br/&gt;实时查看 Redis 上的层级锁：祖先上的意向模式（IS、IX、SIX），子树上的 S 和 X，栅栏令牌，可审计的强制释放。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Recent connections</source>
        <translation>最近的连接</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1 · project %2</source>
        <translation>%1 · 项目 %2</translation>
    </message>
    <message>
        <source>Open &amp;Demo Tree</source>
        <translation>打开演示树(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Event &amp;log</source>
        <translation>事件日志(&amp;L)</translation>
    </message>
    <message>
        <source>Permission &amp;matrix</source>
        <translation>权限矩阵(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Locks</source>
        <translation>锁(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>The lock server's clock (all expiries are in server time)</source>
        <translation>锁服务器的时钟（所有过期时间均为服务器时间）</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message numerus="yes">
        <source>%n name(s) skipped: not valid Treelock paths</source>
        <translation>
            <numerusform>跳过了 %n 个名称：不是有效的 Treelock 路径</numerusform>
        </translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>Reading folder… %n entries</source>
        <translation>
            <numerusform>正在读取文件夹… %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Open tree file</source>
        <translation>打开树文件</translation>
    </message>
    <message>
        <source>Cannot read %1:
%2</source>
        <translation>无法读取 %1：
%2</translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1: %n node(s)</source>
        <translation>
            <numerusform>已加载 %1：%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Open Tree File</source>
        <translation>打开树文件</translation>
    </message>
    <message>
        <source>Treelock tree files (*.json);;All files (*)</source>
        <translation>Treelock 树文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln live lease(s)</source>
        <translation>
            <numerusform>%Ln 个有效租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln expired</source>
        <translation>
            <numerusform> · %Ln 个已过期</numerusform>
        </translation>
    </message>
    <message>
        <source>Private Redis</source>
        <translation>私有 Redis</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>In-process engine</source>
        <translation>进程内引擎</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2 · project &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2 · 项目 &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>From a terminal:</source>
        <translation>在终端中：</translation>
    </message>
    <message>
        <source>Server warnings:</source>
        <translation>服务器警告：</translation>
    </message>
    <message>
        <source>%1 — Treelock Studio</source>
        <translation>%1 — Treelock Studio</translation>
    </message>
    <message>
        <source>Connection lost: %1 — reconnecting every second (attempt %2). The view shows the last known state.</source>
        <translation>连接丢失：%1 — 每秒重连一次（第 %2 次）。视图显示最后已知的状态。</translation>
    </message>
    <message>
        <source>Force-releasing %1…</source>
        <translation>正在强制释放 %1…</translation>
    </message>
    <message>
        <source>server %1</source>
        <translation>服务器 %1</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>模拟(&amp;S)</translation>
    </message>
    <message>
        <source>The tree and the lease table show the simulation's project</source>
        <translation>项目树和租约表现在显示模拟的项目</translation>
    </message>
    <message>
        <source>The tree and the lease table show project %1 again</source>
        <translation>项目树和租约表重新显示项目 %1</translation>
    </message>
    <message>
        <source>Lease %1 is no longer held</source>
        <translation>租约 %1 已不再持有</translation>
    </message>
    <message>
        <source>%1 is not in the tree</source>
        <translation>%1 不在树中</translation>
    </message>
    <message>
        <source>Read a full snapshot now (Ctrl+R)</source>
        <translation>立即读取完整快照（Ctrl+R）</translation>
    </message>
    <message>
        <source>Reading the server's locks…</source>
        <translation>正在读取服务器上的锁…</translation>
    </message>
    <message>
        <source>S&amp;imulation</source>
        <translation>模拟(&amp;I)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Simulation&lt;/b&gt; · %1 · project &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;模拟&lt;/b&gt; · %1 · 项目 &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Force release of %1 cancelled: nothing was released</source>
        <translation>已取消强制释放 %1：未释放任何租约</translation>
    </message>
    <message>
        <source>Result of the last action</source>
        <translation>上一个操作的结果</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Fail &amp;over now</source>
        <translation>立即故障转移(&amp;O)</translation>
    </message>
    <message>
        <source>Ask the sentinels to promote the replica (SENTINEL FAILOVER); private Sentinel set-up only</source>
        <translation>请哨兵提升副本（SENTINEL FAILOVER）；仅适用于私有哨兵部署</translation>
    </message>
    <message>
        <source>&amp;Kill primary</source>
        <translation>杀死主节点(&amp;K)</translation>
    </message>
    <message>
        <source>SIGKILL the primary: what it did not replicate is lost; private Sentinel set-up only</source>
        <translation>用 SIGKILL 杀死主节点：未复制的数据将丢失；仅适用于私有哨兵部署</translation>
    </message>
    <message>
        <source>Private Redis + Sentinel</source>
        <translation>私有 Redis + 哨兵</translation>
    </message>
    <message>
        <source> · primary &lt;b&gt;%1&lt;/b&gt;</source>
        <translation> · 主节点 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>Primary moved from %1 to %2 at %3; %n lease(s) lost</source>
        <translation>
            <numerusform>主节点于 %3 从 %1 迁移到 %2；丢失 %n 个租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n survived</source>
        <translation>
            <numerusform>保留 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>No primary: %1 — asking the sentinels again every second (attempt %2); a failover takes a few seconds. The view shows the last known state.</source>
        <translation>没有主节点：%1 — 每秒重新询问哨兵（第 %2 次）；故障转移需要几秒钟。视图显示最后已知的状态。</translation>
    </message>
    <message>
        <source>Cannot connect: %1 — trying again every second (attempt %2).</source>
        <translation>无法连接：%1 — 每秒重试一次（第 %2 次）。</translation>
    </message>
    <message>
        <source> · node &lt;b&gt;%1&lt;/b&gt; (slot %2)</source>
        <translation> · 节点 &lt;b&gt;%1&lt;/b&gt;（槽 %2）</translation>
    </message>
    <message>
        <source>Cannot use this connection: %1 — change it with File › Connect…, or press Retry now once it is fixed.</source>
        <translation>无法使用此连接：%1 — 请通过 文件 › 连接… 更改，或修正后点击“立即重试”。</translation>
    </message>
    <message>
        <source>(this project does not record releases: some may have been released)</source>
        <translation>（此项目不记录释放：其中一些可能已被释放）</translation>
    </message>
    <message>
        <source> · events: audit</source>
        <translation> · 事件：仅审计</translation>
    </message>
    <message>
        <source>This project records no grants and releases as events (events=audit): the event log shows expiries, forced releases, sweeps and setting changes, and the lease table follows the snapshot taken each second. treelock config events=all records them again.</source>
        <translation>此项目不把授予和释放记为事件（events=audit）：事件日志只显示过期、强制释放、清扫和设置更改，租约表按每秒一次的快照更新。用 treelock config events=all 可恢复记录。</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Hot spots</source>
        <translation>热点</translation>
    </message>
    <message>
        <source>Waiting (%1)</source>
        <translation>等待（%1）</translation>
    </message>
    <message numerus="yes">
        <source>Hot spots (%n alarm(s))</source>
        <translation>
            <numerusform>热点（%n 个告警）</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Waiting</source>
        <translation>等待(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Hot spots</source>
        <translation>热点(&amp;H)</translation>
    </message>
    <message>
        <source>Hot spot alarm: %1</source>
        <translation>热点告警：%1</translation>
    </message>
    <message>
        <source>Hot spot alarm</source>
        <translation>热点告警</translation>
    </message>
    <message numerus="yes">
        <source>Hot spot alarm: %n path(s)</source>
        <translation>
            <numerusform>热点告警：%n 条路径</numerusform>
        </translation>
    </message>
    <message>
        <source>Above the alarm threshold of the Hot spots panel (View › Hot spots, Ctrl+Shift+H):</source>
        <translation>高于“热点”面板的告警阈值（视图 › 热点，Ctrl+Shift+H）：</translation>
    </message>
    <message>
        <source>Copied %1 — try: %2</source>
        <translation>已复制 %1 — 可以试试：%2</translation>
    </message>
    <message>
        <source>Loading leases… %1 of ~%2</source>
        <translation>正在加载租约… %1 / 约 %2</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>Nothing blocks %1 any more: the next attempt should get its locks</source>
        <translation>已没有任何对象阻塞 %1：下次尝试应能得到锁</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3, waiting %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3，已等待 %4</translation>
    </message>
    <message>
        <source>Release of what blocks %1 cancelled: nothing was released</source>
        <translation>已取消释放 %1 的阻塞者：未释放任何内容</translation>
    </message>
    <message>
        <source>Releasing what blocks %1…</source>
        <translation>正在释放 %1 的阻塞者…</translation>
    </message>
    <message>
        <source>Server warning: %1 (the ⚠ beside the address says more)</source>
        <translation>服务器警告：%1（地址旁的 ⚠ 有更多说明）</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>That waiter got its lease: selected in the lease table</source>
        <translation>该等待者已得到租约：已在租约表中选中</translation>
    </message>
    <message>
        <source>That waiter no longer waits</source>
        <translation>该等待者已不再等待</translation>
    </message>
    <message>
        <source>The event log no longer holds that event</source>
        <translation>事件日志中已不再有该事件</translation>
    </message>
    <message>
        <source>Release What &amp;Blocks a Waiter…</source>
        <translation>释放阻塞等待者的一切(&amp;B)…</translation>
    </message>
    <message>
        <source>Force-release everything in the way of the waiter selected in the Waiting panel (else the one that has waited longest), in one dialog (Ctrl+Shift+B)</source>
        <translation>在一个对话框中强制释放“等待”面板中所选等待者（若未选择，则为等待最久者）路上的一切（Ctrl+Shift+B）</translation>
    </message>
    <message>
        <source>Copy &amp;command line</source>
        <translation>复制命令行(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the treelock command that lists this project's locks: the URL, the TLS options and --project</source>
        <translation>复制列出此项目锁的 treelock 命令：包含 URL、TLS 选项和 --project</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Show &amp;Welcome Panel</source>
        <translation>显示欢迎面板(&amp;W)</translation>
    </message>
    <message>
        <source>Copied: %1 — paste it into a terminal</source>
        <translation>已复制：%1 — 请粘贴到终端中</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>已复制 %1</translation>
    </message>
    <message>
        <source>Copied %1 — without the password: give it in TREELOCK_REDIS_PASSWORD</source>
        <translation>已复制 %1 — 不含密码：请通过 TREELOCK_REDIS_PASSWORD 提供</translation>
    </message>
    <message>
        <source>Live project %1 · %2</source>
        <translation>实时项目 %1 · %2</translation>
    </message>
    <message>
        <source>About Studio's own project %1, not the simulation the views show.</source>
        <translation>关于 Studio 自身的项目 %1，而非视图中显示的模拟。</translation>
    </message>
</context>
<context>
    <name>treelock::ui::MatrixModel</name>
    <message>
        <source>Column: the operation someone else attempts meanwhile (%1)</source>
        <translation>列：此时他人尝试的操作（%1）</translation>
    </message>
    <message>
        <source>Row: the operation in progress, granted first (%1)</source>
        <translation>行：正在进行、先获准的操作（%1）</translation>
    </message>
</context>
<context>
    <name>treelock::ui::MatrixView</name>
    <message>
        <source>Policy profile the engine plans the operations with</source>
        <translation>引擎规划操作所用的策略配置</translation>
    </message>
    <message>
        <source>Export Markdown…</source>
        <translation>导出 Markdown…</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <source>agree: allowed</source>
        <translation>一致：允许</translation>
    </message>
    <message>
        <source>agree: blocked</source>
        <translation>一致：阻止</translation>
    </message>
    <message>
        <source>differs (seed→engine)</source>
        <translation>不一致（原表→引擎）</translation>
    </message>
    <message>
        <source>Object of the cell to replay</source>
        <translation>要重放的单元格对象</translation>
    </message>
    <message>
        <source>Replayed on a scratch project (click a cell):</source>
        <translation>在临时项目上重放（点击单元格）：</translation>
    </message>
    <message>
        <source>Deriving %1…</source>
        <translation>正在推导 %1…</translation>
    </message>
    <message>
        <source>%1 of %2 sub-cells agree with the seed, %3 differ</source>
        <translation>%2 个子单元格中有 %1 个与原表一致，%3 个不一致</translation>
    </message>
    <message>
        <source>&lt;p&gt;Both leases are held on the scratch project.&lt;/p&gt;</source>
        <translation>&lt;p&gt;两个租约都在临时项目上持有。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Only the first lease is held; the refused second operation's paths are highlighted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;只持有第一个租约；被拒绝的第二个操作的路径已高亮显示。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the matrix is still being derived</source>
        <translation>矩阵仍在推导中</translation>
    </message>
    <message>
        <source>Export Markdown</source>
        <translation>导出 Markdown</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>treelock::ui::PrivateRedis</name>
    <message>
        <source>redis-server is not installed</source>
        <translation>未安装 redis-server</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ProjectNotice</name>
    <message>
        <source>Switch</source>
        <translation>切换</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Hide this bar until other projects hold leases</source>
        <translation>隐藏此提示栏，直到有其他项目持有租约</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n lease(s)</source>
        <translation>
            <numerusform>%1：%n 个租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Project &lt;b&gt;%1&lt;/b&gt; on this server has %n lease(s)</source>
        <translation>
            <numerusform>此服务器上的项目 &lt;b&gt;%1&lt;/b&gt; 有 %n 个租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n more project(s) hold leases too)</source>
        <translation>
            <numerusform>（另有 %n 个项目也持有租约）</numerusform>
        </translation>
    </message>
    <message>
        <source>Projects on this server that hold leases, besides the one shown:</source>
        <translation>此服务器上除当前显示的项目外，持有租约的项目：</translation>
    </message>
    <message>
        <source>Show project %1 instead, as File › Connect… with that project would</source>
        <translation>改为显示项目 %1，效果同通过 文件 › 连接… 打开该项目</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ScenarioPlayer</name>
    <message>
        <source>&lt;b&gt;Scenarios&lt;/b&gt;</source>
        <translation>&lt;b&gt;场景&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Run the remaining steps one after another</source>
        <translation>依次运行剩余步骤</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Run the next step</source>
        <translation>运行下一步</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Load the scenario again from its first step</source>
        <translation>从第一步重新加载场景</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Drop the scenario; the main view returns to Studio's project</source>
        <translation>丢弃场景；主视图回到 Studio 的项目</translation>
    </message>
    <message>
        <source>Load the selected scenario</source>
        <translation>加载所选场景</translation>
    </message>
    <message>
        <source>Play the scenario</source>
        <translation>播放场景</translation>
    </message>
    <message>
        <source>Run the scenario's next step</source>
        <translation>运行场景的下一步</translation>
    </message>
    <message>
        <source>Restart the scenario</source>
        <translation>重新开始场景</translation>
    </message>
    <message>
        <source>Close the scenario</source>
        <translation>关闭场景</translation>
    </message>
    <message>
        <source>No scenario loaded</source>
        <translation>未加载场景</translation>
    </message>
    <message>
        <source>Pick a scenario on the left: a scripted conflict story, played step by step against the lock engine, each step checked against its expected outcome.</source>
        <translation>在左侧选择一个场景：一段预先编写的冲突故事，针对锁引擎逐步播放，每一步都与预期结果核对。</translation>
    </message>
    <message numerus="yes">
        <source>Press Play to run the %n step(s) one after another, or Step to run one.</source>
        <translation>
            <numerusform>按“播放”依次运行全部 %n 个步骤，或按“单步”运行一个。</numerusform>
        </translation>
    </message>
    <message>
        <source>Running step %1…</source>
        <translation>正在运行第 %1 步…</translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;Step %2 of %3.&lt;/b&gt; %4</source>
        <translation>%1 &lt;b&gt;第 %2 步，共 %3 步。&lt;/b&gt;%4</translation>
    </message>
    <message>
        <source>Expected %1, got %2: %3</source>
        <translation>预期 %1，实际 %2：%3</translation>
    </message>
    <message>
        <source>%1 of %2 steps run: %3 ✓, %4 ✗</source>
        <translation>已运行 %1/%2 步：%3 ✓，%4 ✗</translation>
    </message>
    <message>
        <source>Load the selected scenario on a fresh engine (a click in the list does too; a double-click or Enter loads and plays it)</source>
        <translation>在全新的引擎上加载所选场景（在列表中单击也会加载；双击或按 Enter 则加载并播放）</translation>
    </message>
    <message>
        <source>Click a scenario to load it; double-click it (or press Enter) to play it.</source>
        <translation>单击场景即可加载；双击（或按 Enter）即可播放。</translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1: %n step(s), none run yet.</source>
        <translation>
            <numerusform>已加载 %1：%n 个步骤，尚未运行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: %4 → %5</source>
        <translation>第 %1 步，共 %2 步 · %3：%4 → %5</translation>
    </message>
    <message>
        <source>(expected %1)</source>
        <translation>（预期 %1）</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ScenarioStepModel</name>
    <message>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>Mismatch: %1</source>
        <translation>不符：%1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>预期</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>实际</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Menu command</source>
        <translation>菜单命令</translation>
    </message>
</context>
<context>
    <name>treelock::ui::SimulationPanel</name>
    <message>
        <source>Load test</source>
        <translation>负载测试</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Step: %1</source>
        <translation>单步：%1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>Stopped after %1 simulated s.</source>
        <translation>在模拟时间 %1 秒后停止。</translation>
    </message>
    <message>
        <source>Paused at %1 s: Step runs one event, Resume goes on.</source>
        <translation>暂停于 %1 秒：“单步”运行一个事件，“继续”接着运行。</translation>
    </message>
    <message numerus="yes">
        <source>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entries</source>
        <translation>
            <numerusform>运行于 %1 · 项目 &lt;b&gt;%2&lt;/b&gt; · %n 个树条目</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::SimulationWorker</name>
    <message>
        <source>in-process engine</source>
        <translation>进程内引擎</translation>
    </message>
    <message>
        <source>in-process engine, virtual clock</source>
        <translation>进程内引擎，虚拟时钟</translation>
    </message>
    <message>
        <source>Cannot start the simulation: %1</source>
        <translation>无法启动模拟：%1</translation>
    </message>
    <message>
        <source>Nothing left to run.</source>
        <translation>没有可运行的事件了。</translation>
    </message>
    <message>
        <source>Cannot read the simulation's locks: %1</source>
        <translation>无法读取模拟的锁：%1</translation>
    </message>
    <message>
        <source>Cannot load scenario %1: %2</source>
        <translation>无法加载场景 %1：%2</translation>
    </message>
    <message>
        <source>in-process engine, scenario clock</source>
        <translation>进程内引擎，场景时钟</translation>
    </message>
    <message>
        <source>private primary, replica and three sentinels (%1)</source>
        <translation>私有主节点、副本和三个哨兵（%1）</translation>
    </message>
    <message>
        <source>Cannot change the fairness: %1</source>
        <translation>无法更改公平设置：%1</translation>
    </message>
</context>
<context>
    <name>treelock::ui::TimelinePanel</name>
    <message>
        <source>Last</source>
        <translation>最近</translation>
    </message>
    <message>
        <source>1 min</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <source>5 min</source>
        <translation>5 分钟</translation>
    </message>
    <message>
        <source>15 min</source>
        <translation>15 分钟</translation>
    </message>
    <message>
        <source>1 h</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>Show the last %1 across the chart</source>
        <translation>在整个图表中显示最近 %1</translation>
    </message>
    <message>
        <source>Show the last %1 (Ctrl+wheel or +/- on the chart zoom between 1 min and 1 h)</source>
        <translation>显示最近 %1（在图表上用 Ctrl+滚轮或 +/- 可在 1 分钟到 1 小时之间缩放）</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>Follow the present time at the chart's right edge</source>
        <translation>在图表右边缘跟随当前时间</translation>
    </message>
    <message>
        <source>Follow the present time again (End on the chart)</source>
        <translation>重新跟随当前时间（在图表上按 End）</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>by path</source>
        <translation>按路径</translation>
    </message>
    <message>
        <source>by owner</source>
        <translation>按持有者</translation>
    </message>
    <message>
        <source>One row per path, or one per owner</source>
        <translation>每条路径一行，或每个持有者一行</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Leases in their mode's colour; waits hatched under them, ending in a dot where the lease was granted and a cross where the waiter gave up; dashed red lines: forced releases; orange: failovers; grey: the connection lost or back</source>
        <translation>租约以其模式的颜色显示；等待以斜线填充显示在其下方，在获准处以圆点结束，在等待者放弃处以叉号结束；红色虚线：强制释放；橙色：故障转移；灰色：连接丢失或恢复</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>Click or drag on the chart (or use the arrow keys) to see what was locked at a moment.</source>
        <translation>在图表上点击或拖动（或使用方向键），查看某一时刻锁定了什么。</translation>
    </message>
    <message>
        <source>Failover: the primary moved from %1 to %2</source>
        <translation>故障转移：主节点从 %1 迁移到 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) lost</source>
        <translation>
            <numerusform>丢失 %n 个租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n survived</source>
        <translation>
            <numerusform>保留 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Connection back</source>
        <translation>连接已恢复</translation>
    </message>
    <message>
        <source>Connection lost</source>
        <translation>连接丢失</translation>
    </message>
</context>
<context>
    <name>treelock::ui::TimelineView</name>
    <message>
        <source>Lock timeline</source>
        <translation>锁时间线</translation>
    </message>
    <message>
        <source>Leases and waits over time, one row per path or owner. Left and Right move the time cursor, Up and Down the row, Enter selects the bar at the cursor, plus and minus zoom, End follows now.</source>
        <translation>随时间变化的租约和等待，每条路径或每个持有者一行。左右方向键移动时间光标，上下方向键切换行，回车选中光标处的条形，加号和减号缩放，End 跟随当前时间。</translation>
    </message>
    <message>
        <source>No lease in the last hour yet. Leases and waits appear here as they are granted, released and given up.</source>
        <translation>最近一小时内还没有租约。租约和等待在被授予、释放和放弃时会显示在这里。</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
</context>
<context>
    <name>treelock::ui::TlsForm</name>
    <message>
        <source>TLS (rediss:// URLs)</source>
        <translation>TLS（rediss:// URL）</translation>
    </message>
    <message>
        <source>C&amp;A file:</source>
        <translation>CA 文件(&amp;A)：</translation>
    </message>
    <message>
        <source>(the system's CAs)</source>
        <translation>（系统的 CA）</translation>
    </message>
    <message>
        <source>Choose the CA certificate (PEM)</source>
        <translation>选择 CA 证书（PEM）</translation>
    </message>
    <message>
        <source>Client c&amp;ertificate:</source>
        <translation>客户端证书(&amp;E)：</translation>
    </message>
    <message>
        <source>(none; for servers that ask for one)</source>
        <translation>（无；用于要求客户端证书的服务器）</translation>
    </message>
    <message>
        <source>Choose the client certificate (PEM)</source>
        <translation>选择客户端证书（PEM）</translation>
    </message>
    <message>
        <source>Client &amp;key:</source>
        <translation>客户端私钥(&amp;K)：</translation>
    </message>
    <message>
        <source>(the client certificate's key)</source>
        <translation>（客户端证书的私钥）</translation>
    </message>
    <message>
        <source>Choose the client certificate's key (PEM)</source>
        <translation>选择客户端证书的私钥（PEM）</translation>
    </message>
    <message>
        <source>(the host in the URL)</source>
        <translation>（URL 中的主机）</translation>
    </message>
    <message>
        <source>The name sent to the server (SNI) and looked for in its certificate</source>
        <translation>发送给服务器的名称（SNI），并在其证书中核对</translation>
    </message>
    <message>
        <source>&amp;Verify the server's certificate</source>
        <translation>验证服务器的证书(&amp;V)</translation>
    </message>
    <message>
        <source>Not verifying the server's certificate: anyone on the path can read and change this traffic.</source>
        <translation>未验证服务器的证书：传输路径上的任何人都能读取和篡改这些流量。</translation>
    </message>
    <message>
        <source>Server na&amp;me (SNI):</source>
        <translation>服务器名称(&amp;M)（SNI）：</translation>
    </message>
    <message>
        <source>PEM keys (*.key *.pem);;All files (*)</source>
        <translation>PEM 私钥 (*.key *.pem);;所有文件 (*)</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>PEM 证书 (*.pem *.crt *.cer);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>treelock::ui::TlsIndicator</name>
    <message>
        <source>Not verifying the server's certificate: anyone on the path can read and change this traffic. Turn verification on in File › Connect… (TLS).</source>
        <translation>未验证服务器的证书：传输路径上的任何人都能读取和篡改这些流量。请在 文件 › 连接…（TLS）中开启验证。</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>%1 (not verified)</source>
        <translation>%1（未验证）</translation>
    </message>
    <message>
        <source>Connected over TLS; the server's certificate could not be read: %1</source>
        <translation>已通过 TLS 连接；无法读取服务器的证书：%1</translation>
    </message>
    <message>
        <source>Subject: %1</source>
        <translation>主题：%1</translation>
    </message>
    <message>
        <source>Issuer: %1</source>
        <translation>颁发者：%1</translation>
    </message>
    <message>
        <source>Valid until: %1</source>
        <translation>有效期至：%1</translation>
    </message>
    <message>
        <source>Protocol: %1</source>
        <translation>协议：%1</translation>
    </message>
    <message>
        <source>The certificate was verified.</source>
        <translation>证书已通过验证。</translation>
    </message>
    <message>
        <source>The certificate was NOT verified: anyone on the path can read and change this traffic.</source>
        <translation>证书未经验证：传输路径上的任何人都能读取和篡改这些流量。</translation>
    </message>
    <message>
        <source>Encrypted, certificate verified</source>
        <translation>已加密，证书已验证</translation>
    </message>
    <message>
        <source>Encrypted, certificate not verified</source>
        <translation>已加密，证书未验证</translation>
    </message>
</context>
<context>
    <name>treelock::ui::TreePanel</name>
    <message>
        <source>Only locked</source>
        <translation>只看锁定</translation>
    </message>
    <message>
        <source>Project tree</source>
        <translation>项目树</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;span style='color:#666'&gt;· %Ln node(s)&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; &lt;span style='color:#666'&gt;· %Ln 个节点&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Search the tree</source>
        <translation>搜索树</translation>
    </message>
    <message>
        <source>Search names or paste a path…</source>
        <translation>搜索名称或粘贴路径…</translation>
    </message>
    <message>
        <source>A name or part of one shows the matching nodes; a path such as /A/C/D/d.txt selects that node</source>
        <translation>输入名称或其一部分会显示匹配的节点；输入路径（如 /A/C/D/d.txt）会选中该节点</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>Show the legend</source>
        <translation>显示图例</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <source>Show leases on this node</source>
        <translation>显示此节点上的租约</translation>
    </message>
    <message>
        <source>Expand subtree</source>
        <translation>展开子树</translation>
    </message>
    <message>
        <source>Collapse subtree</source>
        <translation>折叠子树</translation>
    </message>
    <message numerus="yes">
        <source>Force release %n lease(s) held here…</source>
        <translation>
            <numerusform>强制释放在此持有的 %n 个租约…</numerusform>
        </translation>
    </message>
    <message>
        <source>Found %1</source>
        <translation>已找到 %1</translation>
    </message>
    <message>
        <source>No match for %1</source>
        <translation>未找到 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>Show or hide what the node states mean (while the tree has less room than the legend, the legend stays hidden)</source>
        <translation>显示或隐藏节点状态的含义（树的空间小于图例时，图例保持隐藏）</translation>
    </message>
    <message>
        <source>Show only nodes that are held, carry an intention, have expired leases or where someone waits</source>
        <translation>只显示被持有、带意向、有过期租约或有人等待的节点</translation>
    </message>
    <message numerus="yes">
        <source> &lt;span style='color:#666'&gt;· adding %Ln lease path(s)…&lt;/span&gt;</source>
        <translation>
            <numerusform> &lt;span style='color:#666'&gt;· 正在加入 %Ln 个租约路径…&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> &lt;span style='color:#666'&gt;· locks as of %Ln s ago&lt;/span&gt;</source>
        <translation>
            <numerusform> &lt;span style='color:#666'&gt;· 锁状态截至 %Ln 秒前&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>This project holds so many leases that the tree's locks are worked out every few seconds; the lease table and the event log show every change as it comes</source>
        <translation>该项目持有的租约太多，树中的锁每隔几秒才重新计算一次；租约表和事件日志会即时显示每一次变化</translation>
    </message>
    <message>
        <source> &lt;span style='color:#666'&gt;· locks shown once the leases are listed&lt;/span&gt;</source>
        <translation> &lt;span style='color:#666'&gt;· 租约列出后显示锁状态&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Release what blocks %1 (%2)…</source>
        <translation>释放 %1（%2）的阻塞者…</translation>
    </message>
    <message>
        <source>No lease is held here</source>
        <translation>此处未持有租约</translation>
    </message>
</context>
<context>
    <name>treelock::ui::UpdateHold</name>
    <message>
        <source>&amp;Pause Updates</source>
        <translation>暂停更新(&amp;P)</translation>
    </message>
    <message>
        <source>Hold the tree and the tables still; the updates that arrive meanwhile are shown when you resume (F8)</source>
        <translation>让树和表格保持不动；期间到达的更新会在恢复时显示（F8）</translation>
    </message>
    <message>
        <source>Updates are paused</source>
        <translation>更新已暂停</translation>
    </message>
    <message>
        <source>Updates wait while a menu is open</source>
        <translation>菜单打开时更新会暂缓</translation>
    </message>
    <message numerus="yes">
        <source>Paused · %Ln update(s) waiting</source>
        <translation>
            <numerusform>已暂停 · %Ln 个更新等待中</numerusform>
        </translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>The lease table's rows stay where they are while the pointer aims at them (until it has rested 4 s); the updates that arrive meanwhile are shown then</source>
        <translation>指针瞄准租约表时（直到它静止 4 秒），表中的行保持不动；期间到达的更新随后显示</translation>
    </message>
    <message numerus="yes">
        <source>Rows kept still · %Ln update(s) waiting</source>
        <translation>
            <numerusform>行保持不动 · %Ln 个更新待显示</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::UserGuideDialog</name>
    <message>
        <source>Treelock Studio User Guide</source>
        <translation>Treelock Studio 用户指南</translation>
    </message>
    <message>
        <source>The user guide is missing from this build (%1).</source>
        <translation>此构建中缺少用户指南（%1）。</translation>
    </message>
    <message>
        <source>Find in the guide</source>
        <translation>在指南中查找</translation>
    </message>
    <message>
        <source>“%1” is not in the guide</source>
        <translation>指南中没有“%1”</translation>
    </message>
    <message>
        <source>%1 is another page of Treelock's documentation, in the docs folder of its sources.</source>
        <translation>%1 是 Treelock 文档中的另一页，位于其源码的 docs 文件夹中。</translation>
    </message>
</context>
<context>
    <name>treelock::ui::WaiterTableModel</name>
    <message>
        <source>How long it has waited: since its first refused attempt</source>
        <translation>已等待多久：自首次被拒绝的尝试起</translation>
    </message>
    <message>
        <source>What refused its last attempt: a lease, or an older waiting request it queues behind</source>
        <translation>拒绝其上次尝试的是什么：一个租约，或它排在其后的更早的等待请求</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>请求者</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>已等待</translation>
    </message>
    <message>
        <source>Behind</source>
        <translation>等待对象</translation>
    </message>
    <message>
        <source>Holds back</source>
        <translation>阻挡新请求</translation>
    </message>
    <message>
        <source>%1, %2 +%3</source>
        <translation>%1、%2 等另 %3 个</translation>
    </message>
    <message>
        <source>The waiters that queue behind it: none while the project's fairness is off</source>
        <translation>排在它之后的等待者：项目的公平关闭时没有</translation>
    </message>
    <message>
        <source>The waiters that queue behind it: once it has waited longer than the project's fairness grace (%1 ms), newer requests that conflict with it wait until it is served</source>
        <translation>排在它之后的等待者：一旦它等待超过项目的公平宽限期（%1 毫秒），与之冲突的更新请求会等到它得到锁之后</translation>
    </message>
    <message>
        <source>The waiters that queue behind it: once it has waited longer than the project's fairness grace, newer requests that conflict with it wait until it is served</source>
        <translation>排在它之后的等待者：一旦它等待超过项目的公平宽限期，与之冲突的更新请求会等到它得到锁之后</translation>
    </message>
    <message numerus="yes">
        <source>%1 +%n more</source>
        <translation>
            <numerusform>%1 等另 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>In its way (%1):</source>
        <translation>挡住它的（%1）：</translation>
    </message>
</context>
<context>
    <name>treelock::ui::WaitingPanel</name>
    <message>
        <source>Show blocker</source>
        <translation>显示阻塞者</translation>
    </message>
    <message>
        <source>Select what holds the selected waiter up: the lease in the lease table, or the older waiter it queues behind in this list</source>
        <translation>选中挡住所选等待者的对象：租约表中的租约，或本列表中它排在其后的更早的等待者</translation>
    </message>
    <message>
        <source>%1 no longer waits</source>
        <translation>%1 已不再等待</translation>
    </message>
    <message>
        <source>Show %1 in tree</source>
        <translation>在树中显示 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nobody waits for a lock.&lt;/b&gt;&lt;br/&gt;An acquire that waits (a LockClient's, &lt;code&gt;treelock acquire --wait&lt;/code&gt;) is listed here until it gets its lock or gives up.</source>
        <translation>&lt;b&gt;没有人在等待锁。&lt;/b&gt;&lt;br/&gt;等待中的获取请求（LockClient 的、&lt;code&gt;treelock acquire --wait&lt;/code&gt;）会列在这里，直到它得到锁或放弃。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; waiter(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; 个等待者</numerusform>
        </translation>
    </message>
    <message>
        <source>project &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>项目 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Project &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>项目 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>select one to find its node in the tree</source>
        <translation>选中一个可在树中找到其节点</translation>
    </message>
    <message>
        <source>A request that has waited longer than %1 ms holds back newer requests that conflict with it (the project's fairness grace)</source>
        <translation>等待超过 %1 毫秒的请求会挡住与之冲突的更新请求（项目的公平宽限期）</translation>
    </message>
    <message>
        <source>The project's fairness is off: whoever tries when the paths are free gets them</source>
        <translation>项目的公平已关闭：谁在路径空闲时尝试，谁就得到它们</translation>
    </message>
    <message>
        <source>Release blockers…</source>
        <translation>释放阻塞者…</translation>
    </message>
    <message>
        <source>Force-release every lease in the selected waiter's way, and cancel the places of older waiters ahead of it, in one dialog with one reason (Del, or double-click the row)</source>
        <translation>在一个对话框中以同一个原因强制释放挡住所选等待者的所有租约，并取消排在它前面的更早等待者的排队位置（Del，或双击该行）</translation>
    </message>
    <message numerus="yes">
        <source>Release %n blocker(s)…</source>
        <translation>
            <numerusform>释放 %n 个阻塞者…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::WelcomePanel</name>
    <message>
        <source>Copy a lock command</source>
        <translation>复制加锁命令</translation>
    </message>
    <message>
        <source>Copy a treelock command line that takes a lock on this server</source>
        <translation>复制一条在此服务器上加锁的 treelock 命令行</translation>
    </message>
    <message>
        <source>Start the simulation</source>
        <translation>开始模拟</translation>
    </message>
    <message>
        <source>Start the Simulation panel's virtual users</source>
        <translation>启动“模拟”面板的虚拟用户</translation>
    </message>
    <message>
        <source>Virtual users take and release locks through the real lock engine; while they run, the tree and the lease table show their project (Simulation › Start, F5)</source>
        <translation>虚拟用户通过真实的锁引擎获取和释放锁；运行期间，项目树和租约表显示它们的项目（模拟 › 开始，F5）</translation>
    </message>
    <message>
        <source>Play a scenario</source>
        <translation>播放场景</translation>
    </message>
    <message>
        <source>Play a scripted scenario in the Simulation panel</source>
        <translation>在“模拟”面板中播放一个预先编写的场景</translation>
    </message>
    <message>
        <source>Don't show again</source>
        <translation>不再显示</translation>
    </message>
    <message>
        <source>Hide the welcome panel; Help › Show Welcome Panel brings it back</source>
        <translation>隐藏欢迎面板；可通过 帮助 › 显示欢迎面板 重新显示</translation>
    </message>
    <message>
        <source>Help › Show Welcome Panel brings it back</source>
        <translation>可通过 帮助 › 显示欢迎面板 重新显示</translation>
    </message>
    <message>
        <source>&lt;b&gt;Welcome to Treelock Studio.&lt;/b&gt;</source>
        <translation>&lt;b&gt;欢迎使用 Treelock Studio。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Project %1 holds no locks yet.&lt;/b&gt;</source>
        <translation>&lt;b&gt;项目 %1 还没有任何锁。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Take one and watch it here:</source>
        <translation>获取一个锁，在这里观察它：</translation>
    </message>
    <message>
        <source>Copies this line; paste it into a terminal and the lock shows here:</source>
        <translation>复制这行命令；粘贴到终端中运行，锁就会显示在这里：</translation>
    </message>
    <message>
        <source>Plays “%1” in the Simulation panel, where the other scenarios are listed</source>
        <translation>在“模拟”面板中播放“%1”，其他场景也列在那里</translation>
    </message>
</context>
</TS>
