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
    <name>StudioOptions</name>
    <message>
        <source>Treelock Studio: live view of a project&apos;s hierarchical locks.
With no options it starts a private redis-server and opens the demo project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to the Redis server at URL (redis://… or unix://…).</source>
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
        <source>--redis and --memory exclude each other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--after needs a number of milliseconds</source>
        <translation type="unfinished"></translation>
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
        <source>never saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The password is used for this connection only: it is never written to settings or logs.</source>
        <translation type="unfinished"></translation>
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
        <source>Recorded as %1 on %2</source>
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
    <message numerus="yes">
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n held&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n held&lt;/span&gt;</numerusform>
            <numerusform>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n held&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %1 of %2&lt;/span&gt;</source>
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
        <source>italic name = path named by a lease, not in the loaded tree · hover a node for every lease on it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::LockTreeModel</name>
    <message numerus="yes">
        <source>%n lease(s) below</source>
        <translation>
            <numerusform>%n lease below</numerusform>
            <numerusform>%n leases below</numerusform>
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
        <source>Read a full snapshot now (F5)</source>
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
        <source>%n live lease(s)</source>
        <translation>
            <numerusform>%n live lease</numerusform>
            <numerusform>%n live leases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n expired</source>
        <translation>
            <numerusform> · %n expired</numerusform>
            <numerusform> · %n expired</numerusform>
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
        <source>Copied %1 — try: treelock --redis %1 --project %2 locks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>server %1</source>
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
        <source>cannot create a temporary folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redis-server exited at start (see %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redis-server did not answer within %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>treelock::ui::TreePanel</name>
    <message>
        <source>Search names…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only nodes that are held, carry an intention or have expired leases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n node(s)&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n node&lt;/span&gt;</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n nodes&lt;/span&gt;</numerusform>
        </translation>
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
</context>
<context>
    <name>treelock::ui::SimulationPanel</name>
    <message numerus="yes">
        <source>Press Play to run the %n step(s) one after another, or Step to run one.</source>
        <translation>
            <numerusform>Press Play to run the %n step, or Step to run it.</numerusform>
            <numerusform>Press Play to run the %n steps one after another, or Step to run one.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entries</source>
        <translation>
            <numerusform>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entry</numerusform>
            <numerusform>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entries</numerusform>
        </translation>
    </message>
</context>
</TS>
