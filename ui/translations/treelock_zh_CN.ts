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
</context>
<context>
    <name>ProjectTree</name>
    <message>
        <source>Not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>Not a Treelock tree file (expected &quot;format&quot;: &quot;treelock-tree&quot; and a &quot;paths&quot; array)</source>
        <translation>不是 Treelock 树文件（应包含 &quot;format&quot;: &quot;treelock-tree&quot; 和 &quot;paths&quot; 数组）</translation>
    </message>
</context>
<context>
    <name>StudioOptions</name>
    <message>
        <source>Treelock Studio: live view of a project&apos;s hierarchical locks.
With no options it starts a private redis-server and opens the demo project.</source>
        <translation>Treelock Studio：实时查看项目的层级锁。
不带参数时启动私有 redis-server 并打开演示项目。</translation>
    </message>
    <message>
        <source>Connect to the Redis server at URL (redis://… or unix://…).</source>
        <translation>连接到位于 URL 的 Redis 服务器（redis://… 或 unix://…）。</translation>
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
        <source>Take a scenario&apos;s locks at start (&quot;seed&quot;: someone moves /A/C while another edits /A/C/D/d.txt).</source>
        <translation>启动时获取某个场景的锁（&quot;seed&quot;：一人移动 /A/C，另一人编辑 /A/C/D/d.txt）。</translation>
    </message>
    <message>
        <source>User interface language (e.g. zh_CN, en).</source>
        <translation>界面语言（如 zh_CN、en）。</translation>
    </message>
    <message>
        <source>--redis and --memory exclude each other</source>
        <translation>--redis 与 --memory 不能同时使用</translation>
    </message>
    <message>
        <source>--after needs a number of milliseconds</source>
        <translation>--after 需要一个毫秒数</translation>
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
        <source>Seed scenario: alice moves /A/C into /B; bob&apos;s save of /A/C/D/d.txt is blocked</source>
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
        <source>never saved</source>
        <translation>从不保存</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Project:</source>
        <translation>项目：</translation>
    </message>
    <message>
        <source>The password is used for this connection only: it is never written to settings or logs.</source>
        <translation>密码仅用于本次连接：从不写入设置或日志。</translation>
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
        <source>Clear the log (the project&apos;s event stream is not changed)</source>
        <translation>清空日志（不改变项目的事件流）</translation>
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
        <source>Recorded as %1 on %2</source>
        <translation>记录为 %2 上的 %1</translation>
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
    <message numerus="yes">
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n held&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;租约&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· 持有 %n 个&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %1 of %2&lt;/span&gt;</source>
        <translation>&lt;b&gt;租约&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %1 / %2&lt;/span&gt;</translation>
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
        <source>italic name = path named by a lease, not in the loaded tree · hover a node for every lease on it</source>
        <translation>斜体名称 = 仅出现在租约中、不在已加载树中的路径 · 悬停节点可查看涉及它的所有租约</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LockTreeModel</name>
    <message numerus="yes">
        <source>%n lease(s) below</source>
        <translation>
            <numerusform>下层 %n 个租约</numerusform>
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
        <source>Show a local folder&apos;s files as the project tree (Ctrl+O)</source>
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
        <source>Read a full snapshot now (F5)</source>
        <translation>立即读取完整快照（F5）</translation>
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
        <source>The lock server&apos;s clock (all expiries are in server time)</source>
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
        <source>%n live lease(s)</source>
        <translation>
            <numerusform>%n 个有效租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n expired</source>
        <translation>
            <numerusform> · %n 个已过期</numerusform>
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
        <source>Copied %1 — try: treelock --redis %1 --project %2 locks</source>
        <translation>已复制 %1 — 试试：treelock --redis %1 --project %2 locks</translation>
    </message>
    <message>
        <source>server %1</source>
        <translation>服务器 %1</translation>
    </message>
</context>
<context>
    <name>treelock::ui::PrivateRedis</name>
    <message>
        <source>redis-server is not installed</source>
        <translation>未安装 redis-server</translation>
    </message>
    <message>
        <source>cannot create a temporary folder: %1</source>
        <translation>无法创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>redis-server exited at start (see %1)</source>
        <translation>redis-server 启动时退出（见 %1）</translation>
    </message>
    <message>
        <source>redis-server did not answer within %1 ms</source>
        <translation>redis-server 在 %1 毫秒内无应答</translation>
    </message>
</context>
<context>
    <name>treelock::ui::TreePanel</name>
    <message>
        <source>Search names…</source>
        <translation>搜索名称…</translation>
    </message>
    <message>
        <source>Only locked</source>
        <translation>只看锁定</translation>
    </message>
    <message>
        <source>Show only nodes that are held, carry an intention or have expired leases</source>
        <translation>只显示被持有、带意向或有过期租约的节点</translation>
    </message>
    <message>
        <source>Project tree</source>
        <translation>项目树</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n node(s)&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n 个节点&lt;/span&gt;</numerusform>
        </translation>
    </message>
</context>
</TS>
