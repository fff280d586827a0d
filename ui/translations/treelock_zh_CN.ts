<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Presentation</name>
    <message>
        <location filename="../models/presentation.cpp" line="50"/>
        <source>X held</source>
        <translation>X 持有</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="51"/>
        <source>SIX held</source>
        <translation>SIX 持有</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="52"/>
        <source>S held</source>
        <translation>S 持有</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="53"/>
        <source>IX intention</source>
        <translation>IX 意向</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="54"/>
        <source>IS intention</source>
        <translation>IS 意向</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="55"/>
        <source>covered by X</source>
        <translation>被 X 覆盖</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="56"/>
        <source>covered by S</source>
        <translation>被 S 覆盖</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="57"/>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="66"/>
        <source>Exclusive lock held on this node and its whole subtree</source>
        <translation>此节点及其整个子树被排他锁定</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="67"/>
        <source>Shared lock on the subtree, with writes below it</source>
        <translation>子树被共享锁定，其下有写操作</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="68"/>
        <source>Shared (read) lock held on this node and its whole subtree</source>
        <translation>此节点及其整个子树被共享（读）锁定</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="69"/>
        <source>A lease below writes: this folder cannot be moved, renamed or deleted</source>
        <translation>下层有租约在写：此文件夹不能移动、重命名或删除</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="70"/>
        <source>A lease below reads: this folder cannot be moved or deleted</source>
        <translation>下层有租约在读：此文件夹不能移动或删除</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="71"/>
        <source>Inside a subtree locked exclusively above</source>
        <translation>位于上层被排他锁定的子树中</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="72"/>
        <source>Inside a subtree locked shared above</source>
        <translation>位于上层被共享锁定的子树中</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="73"/>
        <source>Lease expired but not reaped yet: blocks nothing; Release expired removes it</source>
        <translation>租约已过期但尚未回收：不阻塞任何操作；“释放过期租约”会移除它</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="113"/>
        <source>Create</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="114"/>
        <source>Upload</source>
        <translation>上传</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="115"/>
        <source>Move folder</source>
        <translation>移动文件夹</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="116"/>
        <source>Move file</source>
        <translation>移动文件</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="117"/>
        <source>Copy folder</source>
        <translation>复制文件夹</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="118"/>
        <source>Copy file</source>
        <translation>复制文件</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="119"/>
        <source>Rename folder</source>
        <translation>重命名文件夹</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="120"/>
        <source>Rename file</source>
        <translation>重命名文件</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="121"/>
        <source>Delete folder</source>
        <translation>删除文件夹</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="122"/>
        <source>Delete file</source>
        <translation>删除文件</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="123"/>
        <source>Purge recycle bin</source>
        <translation>回收站清除</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="135"/>
        <location filename="../models/presentation.cpp" line="146"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="137"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="138"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <location filename="../models/presentation.cpp" line="144"/>
        <source>%1 ago</source>
        <translation>%1 前</translation>
    </message>
</context>
<context>
    <name>ProjectTree</name>
    <message>
        <location filename="../models/projecttree.cpp" line="51"/>
        <source>Not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <location filename="../models/projecttree.cpp" line="58"/>
        <source>Not a Treelock tree file (expected &quot;format&quot;: &quot;treelock-tree&quot; and a &quot;paths&quot; array)</source>
        <translation>不是 Treelock 树文件（应包含 &quot;format&quot;: &quot;treelock-tree&quot; 和 &quot;paths&quot; 数组）</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="62"/>
        <source>First: &lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</source>
        <translation>第一个：&lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="64"/>
        <source>Second: &lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</source>
        <translation>第二个：&lt;code&gt;%1&lt;/code&gt; &amp;rarr; %2&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="66"/>
        <source>Seed: %1 &amp;nbsp; Engine: %2 (%3)&lt;br&gt;</source>
        <translation>原表：%1 &amp;nbsp; 引擎：%2（%3）&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="68"/>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="68"/>
        <source>differs</source>
        <translation>不一致</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="71"/>
        <source>Clash at %1: held %2, wanted %3 (first operation&apos;s %4)</source>
        <translation>冲突位置 %1：已持有 %2，请求 %3（第一个操作的 %4）</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="80"/>
        <source>&lt;i&gt;Reason:&lt;/i&gt; %1&lt;br&gt;</source>
        <translation>&lt;i&gt;原因：&lt;/i&gt;%1&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="82"/>
        <source>&lt;i&gt;Reading:&lt;/i&gt; %1</source>
        <translation>&lt;i&gt;解读：&lt;/i&gt;%1</translation>
    </message>
</context>
<context>
    <name>StudioOptions</name>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="19"/>
        <source>Treelock Studio: live view of a project&apos;s hierarchical locks.
With no options it starts a private redis-server and opens the demo project.</source>
        <translation>Treelock Studio：实时查看项目的层级锁。
不带参数时启动私有 redis-server 并打开演示项目。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="24"/>
        <source>Connect to the Redis server at URL (redis://… or unix://…).</source>
        <translation>连接到位于 URL 的 Redis 服务器（redis://… 或 unix://…）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="25"/>
        <source>Use the in-process engine instead of Redis.</source>
        <translation>使用进程内引擎代替 Redis。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="26"/>
        <source>Project to open (default: demo).</source>
        <translation>要打开的项目（默认：demo）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="27"/>
        <source>Operator name recorded with forced releases (default: $USER).</source>
        <translation>强制释放时记录的操作员名称（默认：$USER）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="28"/>
        <source>Tree file (JSON) or local folder to show.</source>
        <translation>要显示的树文件（JSON）或本地文件夹。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="29"/>
        <source>Save the main window as a PNG and exit.</source>
        <translation>将主窗口保存为 PNG 并退出。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="30"/>
        <source>Wait MS milliseconds before the screenshot (default 1500).</source>
        <translation>截图前等待 MS 毫秒（默认 1500）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="31"/>
        <source>Take a scenario&apos;s locks at start (&quot;seed&quot;: someone moves /A/C while another edits /A/C/D/d.txt).</source>
        <translation>启动时获取某个场景的锁（&quot;seed&quot;：一人移动 /A/C，另一人编辑 /A/C/D/d.txt）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="32"/>
        <source>User interface language (e.g. zh_CN, en).</source>
        <translation>界面语言（如 zh_CN、en）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="54"/>
        <source>--redis and --memory exclude each other</source>
        <translation>--redis 与 --memory 不能同时使用</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="74"/>
        <source>--after needs a number of milliseconds</source>
        <translation>--after 需要一个毫秒数</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="33"/>
        <source>Open the Simulation panel and start a simulation (in-process engine).</source>
        <translation>打开“模拟”面板并启动一次模拟（进程内引擎）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="34"/>
        <source>Virtual users for --simulate (1-500).</source>
        <translation>--simulate 的虚拟用户数（1–500）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="35"/>
        <source>With --simulate: users skip the locks (violations appear).</source>
        <translation>与 --simulate 一起使用：用户不加锁（会出现违规）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="36"/>
        <source>Open the Simulation panel and play a scenario (e.g. seed-example).</source>
        <translation>打开“模拟”面板并播放一个场景（例如 seed-example）。</translation>
    </message>
    <message>
        <location filename="../mainwindow/studiooptions.cpp" line="85"/>
        <source>--users needs a number from 1 to 500</source>
        <translation>--users 需要 1 到 500 之间的数字</translation>
    </message>
</context>
<context>
    <name>treelock::ui::BridgeWorker</name>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="135"/>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="161"/>
        <source>In-process engine: other programs cannot see these locks</source>
        <translation>进程内引擎：其他程序看不到这些锁</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="174"/>
        <source>No private Redis (%1): using the in-process engine</source>
        <translation>无法使用私有 Redis（%1）：改用进程内引擎</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="183"/>
        <source>Private redis-server started by the Studio; stopped when it exits</source>
        <translation>由 Studio 启动的私有 redis-server，退出时停止</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="208"/>
        <source>(invalid URL)</source>
        <translation>（无效的 URL）</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="395"/>
        <location filename="../bridge/bridgeworker.cpp" line="413"/>
        <location filename="../bridge/bridgeworker.cpp" line="468"/>
        <location filename="../bridge/bridgeworker.cpp" line="496"/>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message numerus="yes">
        <location filename="../bridge/bridgeworker.cpp" line="406"/>
        <source>Released %n expired lease(s)</source>
        <translation>
            <numerusform>已释放 %n 个过期租约</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="406"/>
        <source>Release expired failed: not connected</source>
        <translation>释放过期租约失败：未连接</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="440"/>
        <source>Force release of %1 failed: not connected</source>
        <translation>强制释放 %1 失败：未连接</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="442"/>
        <source>Force release of %1 refused: %2</source>
        <translation>强制释放 %1 被拒绝：%2</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="447"/>
        <source>Lease %1 of %2 force-released by %3 (recorded in the event stream)</source>
        <translation>%2 的租约 %1 已被 %3 强制释放（已记入事件流）</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="451"/>
        <source>Lease %1 is already gone</source>
        <translation>租约 %1 已不存在</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="455"/>
        <source>Lease %1 had expired; it has been released</source>
        <translation>租约 %1 已过期，现已释放</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="458"/>
        <source>Lease %1 is live and was not released</source>
        <translation>租约 %1 仍有效，未被释放</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="507"/>
        <source>blocked by %1 (%2, %3 %4): %5 held on %6, frees in %7 s</source>
        <translation>被 %1 阻塞（%2，%3 %4）：%6 上持有 %5，%7 秒后释放</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="515"/>
        <source>Granted to %1</source>
        <translation>已授予 %1</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="515"/>
        <source>Refused: %1 is blocked</source>
        <translation>被拒绝：%1 被阻塞</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="522"/>
        <source>Unknown scenario %1</source>
        <translation>未知场景 %1</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="543"/>
        <source>Seed scenario: alice moves /A/C into /B; bob&apos;s save of /A/C/D/d.txt is blocked</source>
        <translation>种子场景：alice 将 /A/C 移入 /B；bob 保存 /A/C/D/d.txt 被阻塞</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="53"/>
        <source>fence %1, TTL %2</source>
        <translation>栅栏令牌 %1，TTL %2</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="58"/>
        <source>live lease revoked by %1@%2: %3</source>
        <translation>有效租约被 %1@%2 强制撤销：%3</translation>
    </message>
    <message>
        <location filename="../bridge/bridgeworker.cpp" line="59"/>
        <source>expired lease released by %1@%2: %3</source>
        <translation>过期租约被 %1@%2 释放：%3</translation>
    </message>
    <message numerus="yes">
        <location filename="../bridge/bridgeworker.cpp" line="64"/>
        <source>%n expired lease(s) reaped by %1</source>
        <translation>
            <numerusform>%1 回收了 %n 个过期租约</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>treelock::ui::ConflictMatrixModel</name>
    <message numerus="yes">
        <location filename="../simulation/conflictmatrixmodel.cpp" line="82"/>
        <source>%1 refused because of %2: %n time(s)</source>
        <translation>
            <numerusform>%1 因 %2 被拒绝：%n 次</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../simulation/conflictmatrixmodel.cpp" line="99"/>
        <source>Refused: %1 (%2)</source>
        <translation>被拒绝：%1（%2）</translation>
    </message>
    <message>
        <location filename="../simulation/conflictmatrixmodel.cpp" line="100"/>
        <source>Blocked by: %1 (%2)</source>
        <translation>阻塞者：%1（%2）</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ConnectDialog</name>
    <message>
        <location filename="../panels/connectdialog.cpp" line="19"/>
        <location filename="../panels/connectdialog.cpp" line="65"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="20"/>
        <source>Private redis-server (started and stopped by the Studio)</source>
        <translation>私有 redis-server（由 Studio 启动和停止）</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="21"/>
        <source>Redis server at URL:</source>
        <translation>位于 URL 的 Redis 服务器：</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="22"/>
        <source>In-process engine (only this window sees the locks)</source>
        <translation>进程内引擎（只有本窗口能看到这些锁）</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="34"/>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="37"/>
        <source>never saved</source>
        <translation>从不保存</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="56"/>
        <source>URL:</source>
        <translation>URL：</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="57"/>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="58"/>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="60"/>
        <source>Project:</source>
        <translation>项目：</translation>
    </message>
    <message>
        <location filename="../panels/connectdialog.cpp" line="61"/>
        <source>The password is used for this connection only: it is never written to settings or logs.</source>
        <translation>密码仅用于本次连接：从不写入设置或日志。</translation>
    </message>
</context>
<context>
    <name>treelock::ui::EventLogModel</name>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="45"/>
        <source>grant</source>
        <translation>授予</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="46"/>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="47"/>
        <source>expire</source>
        <translation>过期</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="48"/>
        <source>forced release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="49"/>
        <source>sweep</source>
        <translation>清理</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="50"/>
        <source>blocked</source>
        <translation>被阻塞</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="51"/>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="132"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="133"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="134"/>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="135"/>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="136"/>
        <source>Paths</source>
        <translation>路径</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="137"/>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="138"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>treelock::ui::EventLogPanel</name>
    <message>
        <location filename="../panels/eventlogpanel.cpp" line="34"/>
        <source>Auto-scroll paused: you scrolled up.</source>
        <translation>自动滚动已暂停：您向上滚动了。</translation>
    </message>
    <message>
        <location filename="../panels/eventlogpanel.cpp" line="37"/>
        <source>Follow new events</source>
        <translation>跟随新事件</translation>
    </message>
    <message>
        <location filename="../panels/eventlogpanel.cpp" line="38"/>
        <source>Scroll to the newest event and keep following (End)</source>
        <translation>滚动到最新事件并持续跟随（End）</translation>
    </message>
    <message>
        <location filename="../panels/eventlogpanel.cpp" line="41"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../panels/eventlogpanel.cpp" line="42"/>
        <source>Clear the log (the project&apos;s event stream is not changed)</source>
        <translation>清空日志（不改变项目的事件流）</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ForceReleaseDialog</name>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="21"/>
        <location filename="../panels/forcereleasedialog.cpp" line="44"/>
        <source>Force release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="25"/>
        <source>This lease has expired and blocks nothing; releasing it only removes it.</source>
        <translation>此租约已过期，不阻塞任何操作；释放只是将其移除。</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="26"/>
        <source>&lt;b&gt;This lease is live.&lt;/b&gt; Its holder may still be changing these paths: releasing it lets other users in at once. Its fencing token stays valid for storage that checks fences.</source>
        <translation>&lt;b&gt;此租约仍有效。&lt;/b&gt;持有者可能仍在修改这些路径：释放后其他用户会立即进入。对于检查栅栏令牌的存储，其栅栏令牌仍然有效。</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="32"/>
        <source>Lease:</source>
        <translation>租约：</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="33"/>
        <source>Owner:</source>
        <translation>持有者：</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="34"/>
        <source>Operation:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="36"/>
        <source>Paths:</source>
        <translation>路径：</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="37"/>
        <source>Fence:</source>
        <translation>栅栏令牌：</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="39"/>
        <source>Why? (required, recorded in the event stream)</source>
        <translation>原因？（必填，记入事件流）</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="40"/>
        <source>Reason:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <location filename="../panels/forcereleasedialog.cpp" line="41"/>
        <source>Recorded as %1 on %2</source>
        <translation>记录为 %2 上的 %1</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LeasePanel</name>
    <message>
        <location filename="../panels/leasepanel.cpp" line="47"/>
        <source>Filter by owner, operation, path or id…</source>
        <translation>按持有者、操作、路径或 ID 过滤…</translation>
    </message>
    <message>
        <location filename="../panels/leasepanel.cpp" line="57"/>
        <source>Show every lease</source>
        <translation>显示所有租约</translation>
    </message>
    <message numerus="yes">
        <location filename="../panels/leasepanel.cpp" line="121"/>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n held&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;租约&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· 持有 %n 个&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../panels/leasepanel.cpp" line="123"/>
        <source>&lt;b&gt;Leases&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %1 of %2&lt;/span&gt;</source>
        <translation>&lt;b&gt;租约&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %1 / %2&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../panels/leasepanel.cpp" line="130"/>
        <source>touching %1</source>
        <translation>涉及 %1</translation>
    </message>
    <message>
        <location filename="../panels/leasepanel.cpp" line="147"/>
        <source>Force release…</source>
        <translation>强制释放…</translation>
    </message>
    <message>
        <location filename="../panels/leasepanel.cpp" line="149"/>
        <source>Copy lease id</source>
        <translation>复制租约 ID</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LeaseTableModel</name>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="175"/>
        <source>live ×%1</source>
        <translation>有效 ×%1</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="175"/>
        <source>live</source>
        <translation>有效</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="176"/>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="177"/>
        <source>revoked</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="234"/>
        <source>Lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="235"/>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="236"/>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="237"/>
        <source>Paths and modes</source>
        <translation>路径与模式</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="238"/>
        <source>Age</source>
        <translation>已持有</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="239"/>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="240"/>
        <source>Fence</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <location filename="../models/leasetablemodel.cpp" line="241"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LegendWidget</name>
    <message>
        <location filename="../views/legendwidget.cpp" line="17"/>
        <source>exclusive on the subtree</source>
        <translation>对整个子树排他</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="18"/>
        <source>shared subtree, writes below</source>
        <translation>子树共享，下层有写</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="19"/>
        <source>shared (read) on the subtree</source>
        <translation>对整个子树共享（读）</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="20"/>
        <source>a lease below writes</source>
        <translation>下层有租约在写</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="21"/>
        <source>a lease below reads</source>
        <translation>下层有租约在读</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="22"/>
        <source>inside an X-locked folder</source>
        <translation>位于 X 锁定的文件夹中</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="23"/>
        <source>inside an S-locked folder</source>
        <translation>位于 S 锁定的文件夹中</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="24"/>
        <source>blocks nothing; not reaped yet</source>
        <translation>不阻塞任何操作；尚未回收</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="35"/>
        <source>Italic names are paths that a lease names but the loaded tree does not contain.</source>
        <translation>斜体名称是租约中出现、但已加载的树中没有的路径。</translation>
    </message>
    <message>
        <location filename="../views/legendwidget.cpp" line="80"/>
        <source>italic name = path named by a lease, not in the loaded tree · hover a node for every lease on it</source>
        <translation>斜体名称 = 仅出现在租约中、不在已加载树中的路径 · 悬停节点可查看涉及它的所有租约</translation>
    </message>
</context>
<context>
    <name>treelock::ui::LockTreeModel</name>
    <message numerus="yes">
        <location filename="../models/locktreemodel.cpp" line="319"/>
        <source>%n lease(s) below</source>
        <translation>
            <numerusform>下层 %n 个租约</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="321"/>
        <source>%1, %2 +%3</source>
        <translation>%1、%2 等 +%3</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="336"/>
        <source>%1 above</source>
        <translation>上层 %1</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="350"/>
        <source>Not in the loaded tree: added because a lease names it</source>
        <translation>不在已加载的树中：因租约涉及而添加</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="353"/>
        <source>No lease touches this node</source>
        <translation>没有租约涉及此节点</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="358"/>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="358"/>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="358"/>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="358"/>
        <location filename="../models/locktreemodel.cpp" line="478"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="358"/>
        <source>Fence</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="358"/>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="358"/>
        <location filename="../models/locktreemodel.cpp" line="479"/>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="369"/>
        <source>held here</source>
        <translation>在此持有</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="370"/>
        <source>below</source>
        <translation>下层</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="371"/>
        <source>above</source>
        <translation>上层</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/locktreemodel.cpp" line="383"/>
        <source>… and %n more lease(s)</source>
        <translation>
            <numerusform>… 另有 %n 个租约</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="475"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="476"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../models/locktreemodel.cpp" line="477"/>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
</context>
<context>
    <name>treelock::ui::MainWindow</name>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="57"/>
        <source>Treelock Studio</source>
        <translation>Treelock Studio</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="79"/>
        <source>Retry now</source>
        <translation>立即重试</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="96"/>
        <source>Event log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="112"/>
        <source>Permission matrix</source>
        <translation>权限矩阵</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="182"/>
        <source>&amp;Connect…</source>
        <translation>连接(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="184"/>
        <source>Connect to another Redis server or project (Ctrl+K)</source>
        <translation>连接到其他 Redis 服务器或项目（Ctrl+K）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="187"/>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="189"/>
        <source>Show a local folder&apos;s files as the project tree (Ctrl+O)</source>
        <translation>将本地文件夹的文件显示为项目树（Ctrl+O）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="192"/>
        <source>Open &amp;Tree File…</source>
        <translation>打开树文件(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="194"/>
        <source>Load a project tree from a JSON tree file (Ctrl+Shift+O)</source>
        <translation>从 JSON 树文件加载项目树（Ctrl+Shift+O）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="197"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="201"/>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="203"/>
        <source>Read a full snapshot now (F5)</source>
        <translation>立即读取完整快照（F5）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="206"/>
        <location filename="../mainwindow/mainwindow.cpp" line="547"/>
        <source>Release expired (%1)</source>
        <translation>释放过期租约 (%1)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="208"/>
        <source>Reap every expired lease now; recorded as a sweep by you (Ctrl+Shift+R)</source>
        <translation>立即回收所有过期租约；以您的名义记为一次清理（Ctrl+Shift+R）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="212"/>
        <source>&amp;Force release…</source>
        <translation>强制释放(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="214"/>
        <source>Revoke the selected lease; asks for a reason, which is audited (Del)</source>
        <translation>撤销所选租约；需填写原因，并被审计（Del）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="222"/>
        <source>Copy &amp;URL</source>
        <translation>复制 &amp;URL</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="224"/>
        <source>Copy the backend URL, to point the treelock CLI at the same server (Ctrl+Shift+C)</source>
        <translation>复制后端 URL，以便 treelock 命令行连接同一服务器（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="227"/>
        <source>Show only &amp;locked nodes</source>
        <translation>只显示锁定的节点(&amp;L)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="232"/>
        <source>&amp;Expand to locked nodes</source>
        <translation>展开到锁定的节点(&amp;E)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="236"/>
        <source>Find in &amp;tree</source>
        <translation>在树中查找(&amp;T)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="242"/>
        <source>Filter &amp;leases</source>
        <translation>过滤租约(&amp;L)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="249"/>
        <source>&amp;About Treelock Studio</source>
        <translation>关于 Treelock Studio(&amp;A)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="251"/>
        <source>About Treelock Studio</source>
        <translation>关于 Treelock Studio</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="252"/>
        <source>&lt;b&gt;Treelock Studio&lt;/b&gt; %1&lt;br/&gt;Live view of hierarchical locks on Redis: intention modes (IS, IX, SIX) on ancestors, S and X on subtrees, fencing tokens, audited forced releases.</source>
        <translation>&lt;b&gt;Treelock Studio&lt;/b&gt; %1&lt;br/&gt;实时查看 Redis 上的层级锁：祖先上的意向模式（IS、IX、SIX），子树上的 S 和 X，栅栏令牌，可审计的强制释放。</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="260"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="262"/>
        <source>Recent connections</source>
        <translation>最近的连接</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="267"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="271"/>
        <source>%1 · project %2</source>
        <translation>%1 · 项目 %2</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="285"/>
        <source>Open &amp;Demo Tree</source>
        <translation>打开演示树(&amp;D)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="289"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="298"/>
        <source>Event &amp;log</source>
        <translation>事件日志(&amp;L)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="306"/>
        <source>Permission &amp;matrix</source>
        <translation>权限矩阵(&amp;M)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="310"/>
        <source>&amp;Locks</source>
        <translation>锁(&amp;L)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="316"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="322"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="345"/>
        <source>The lock server&apos;s clock (all expiries are in server time)</source>
        <translation>锁服务器的时钟（所有过期时间均为服务器时间）</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="354"/>
        <location filename="../mainwindow/mainwindow.cpp" line="584"/>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message numerus="yes">
        <location filename="../mainwindow/mainwindow.cpp" line="407"/>
        <source>%n name(s) skipped: not valid Treelock paths</source>
        <translation>
            <numerusform>跳过了 %n 个名称：不是有效的 Treelock 路径</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="414"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="414"/>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="418"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="418"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <location filename="../mainwindow/mainwindow.cpp" line="434"/>
        <source>Reading folder… %n entries</source>
        <translation>
            <numerusform>正在读取文件夹… %n 项</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="453"/>
        <source>Open tree file</source>
        <translation>打开树文件</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="454"/>
        <source>Cannot read %1:
%2</source>
        <translation>无法读取 %1：
%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../mainwindow/mainwindow.cpp" line="458"/>
        <source>Loaded %1: %n node(s)</source>
        <translation>
            <numerusform>已加载 %1：%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="467"/>
        <source>Open Folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="474"/>
        <source>Open Tree File</source>
        <translation>打开树文件</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="475"/>
        <source>Treelock tree files (*.json);;All files (*)</source>
        <translation>Treelock 树文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <location filename="../mainwindow/mainwindow.cpp" line="499"/>
        <source>%n live lease(s)</source>
        <translation>
            <numerusform>%n 个有效租约</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../mainwindow/mainwindow.cpp" line="500"/>
        <source> · %n expired</source>
        <translation>
            <numerusform> · %n 个已过期</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="556"/>
        <source>Private Redis</source>
        <translation>私有 Redis</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="557"/>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="558"/>
        <source>In-process engine</source>
        <translation>进程内引擎</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="561"/>
        <source>&lt;b&gt;%1&lt;/b&gt;%2 · project &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2 · 项目 &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="564"/>
        <source>From a terminal:</source>
        <translation>在终端中：</translation>
    </message>
    <message>
        <source>Server warning: %1</source>
        <translation>服务器警告：%1</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="566"/>
        <source>Server warnings:</source>
        <translation>服务器警告：</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="569"/>
        <source>%1 — Treelock Studio</source>
        <translation>%1 — Treelock Studio</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="587"/>
        <source>Connection lost: %1 — reconnecting every second (attempt %2). The view shows the last known state.</source>
        <translation>连接丢失：%1 — 每秒重连一次（第 %2 次）。视图显示最后已知的状态。</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="626"/>
        <source>Force-releasing %1…</source>
        <translation>正在强制释放 %1…</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="635"/>
        <source>Copied %1 — try: treelock --redis %1 --project %2 locks</source>
        <translation>已复制 %1 — 试试：treelock --redis %1 --project %2 locks</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="643"/>
        <source>server %1</source>
        <translation>服务器 %1</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="103"/>
        <source>Simulation</source>
        <translation>模拟</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="302"/>
        <source>&amp;Simulation</source>
        <translation>模拟(&amp;S)</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="530"/>
        <source>The tree and the lease table show the simulation&apos;s project</source>
        <translation>项目树和租约表现在显示模拟的项目</translation>
    </message>
    <message>
        <location filename="../mainwindow/mainwindow.cpp" line="541"/>
        <source>The tree and the lease table show project %1 again</source>
        <translation>项目树和租约表重新显示项目 %1</translation>
    </message>
</context>
<context>
    <name>treelock::ui::MatrixModel</name>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="189"/>
        <source>Column: the operation someone else attempts meanwhile (%1)</source>
        <translation>列：此时他人尝试的操作（%1）</translation>
    </message>
    <message>
        <location filename="../matrix/matrixmodel.cpp" line="191"/>
        <source>Row: the operation in progress, granted first (%1)</source>
        <translation>行：正在进行、先获准的操作（%1）</translation>
    </message>
</context>
<context>
    <name>treelock::ui::MatrixView</name>
    <message>
        <location filename="../matrix/matrixview.cpp" line="121"/>
        <source>Policy profile the engine plans the operations with</source>
        <translation>引擎规划操作所用的策略配置</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="123"/>
        <source>Export Markdown…</source>
        <translation>导出 Markdown…</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="124"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="127"/>
        <source>Profile:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="130"/>
        <source>agree: allowed</source>
        <translation>一致：允许</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="131"/>
        <source>agree: blocked</source>
        <translation>一致：阻止</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="132"/>
        <source>differs (seed→engine)</source>
        <translation>不一致（原表→引擎）</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="146"/>
        <source>Object of the cell to replay</source>
        <translation>要重放的单元格对象</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="155"/>
        <source>Replayed on a scratch project (click a cell):</source>
        <translation>在临时项目上重放（点击单元格）：</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="198"/>
        <source>Deriving %1…</source>
        <translation>正在推导 %1…</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="240"/>
        <source>%1 of %2 sub-cells agree with the seed, %3 differ</source>
        <translation>%2 个子单元格中有 %1 个与原表一致，%3 个不一致</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="293"/>
        <source>&lt;p&gt;Both leases are held on the scratch project.&lt;/p&gt;</source>
        <translation>&lt;p&gt;两个租约都在临时项目上持有。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="294"/>
        <source>&lt;p&gt;Only the first lease is held; the refused second operation&apos;s paths are highlighted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;只持有第一个租约；被拒绝的第二个操作的路径已高亮显示。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="317"/>
        <location filename="../matrix/matrixview.cpp" line="334"/>
        <source>the matrix is still being derived</source>
        <translation>矩阵仍在推导中</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="352"/>
        <source>Export Markdown</source>
        <translation>导出 Markdown</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="352"/>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="353"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="353"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="358"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../matrix/matrixview.cpp" line="358"/>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>treelock::ui::PrivateRedis</name>
    <message>
        <location filename="../bridge/privateredis.cpp" line="76"/>
        <source>redis-server is not installed</source>
        <translation>未安装 redis-server</translation>
    </message>
    <message>
        <location filename="../bridge/privateredis.cpp" line="81"/>
        <source>cannot create a temporary folder: %1</source>
        <translation>无法创建临时文件夹：%1</translation>
    </message>
    <message>
        <location filename="../bridge/privateredis.cpp" line="87"/>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../bridge/privateredis.cpp" line="112"/>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <location filename="../bridge/privateredis.cpp" line="119"/>
        <source>redis-server exited at start (see %1)</source>
        <translation>redis-server 启动时退出（见 %1）</translation>
    </message>
    <message>
        <location filename="../bridge/privateredis.cpp" line="127"/>
        <source>redis-server did not answer within %1 ms</source>
        <translation>redis-server 在 %1 毫秒内无应答</translation>
    </message>
</context>
<context>
    <name>treelock::ui::ScenarioStepModel</name>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="76"/>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="90"/>
        <source>Mismatch: %1</source>
        <translation>不符：%1</translation>
    </message>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="124"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="125"/>
        <source>Actor</source>
        <translation>参与者</translation>
    </message>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="126"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="127"/>
        <source>Expected</source>
        <translation>预期</translation>
    </message>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="128"/>
        <source>Actual</source>
        <translation>实际</translation>
    </message>
    <message>
        <location filename="../simulation/scenariostepmodel.cpp" line="129"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>treelock::ui::SimulationPanel</name>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="66"/>
        <location filename="../simulation/simulationpanel.cpp" line="866"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="67"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="104"/>
        <source>Load test</source>
        <translation>负载测试</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="105"/>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="112"/>
        <source>Step: %1</source>
        <translation>单步：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../simulation/simulationpanel.cpp" line="124"/>
        <source>Press Play to run the %n step(s) one after another, or Step to run one.</source>
        <translation>
            <numerusform>按“播放”依次运行全部 %n 个步骤，或按“单步”运行一个。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="152"/>
        <source>Press Start to run the virtual users.</source>
        <translation>按“开始”运行虚拟用户。</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="168"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="171"/>
        <location filename="../simulation/simulationpanel.cpp" line="948"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="172"/>
        <source>Start the virtual users, or resume after a pause</source>
        <translation>启动虚拟用户，或在暂停后继续</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="173"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="174"/>
        <source>Hold the simulated clock still</source>
        <translation>让模拟时钟停住</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="175"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="176"/>
        <source>End the run: held leases are released and the main view returns to Studio&apos;s project</source>
        <translation>结束运行：释放持有的租约，主视图回到 Studio 的项目</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="177"/>
        <location filename="../simulation/simulationpanel.cpp" line="532"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="178"/>
        <source>Run the next event only (pauses a running simulation)</source>
        <translation>只运行下一个事件（会暂停正在运行的模拟）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="188"/>
        <source>Simulated time per wall-clock time (memory engine); with Redis it divides think and hold times</source>
        <translation>模拟时间与真实时间之比（内存引擎）；使用 Redis 时用于缩短思考和持有时间</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="191"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="196"/>
        <source>max</source>
        <translation>最快</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="228"/>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="230"/>
        <source>Users and targets</source>
        <translation>用户与目标</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="233"/>
        <source>Virtual users, each with its own lock client (1–500)</source>
        <translation>虚拟用户，每个都有自己的锁客户端（1–500）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="234"/>
        <source>Users</source>
        <translation>用户数</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="236"/>
        <source>Uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="237"/>
        <source>Hot spot</source>
        <translation>热点</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="239"/>
        <source>Uniform: any entry; hot spot: a share of the picks goes to the first few entries</source>
        <translation>均匀：任意条目；热点：一部分选择集中在前几个条目上</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="240"/>
        <source>Targets</source>
        <translation>目标选择</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="242"/>
        <source>Share of the picks that go to the hot spot</source>
        <translation>落在热点上的选择比例</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="243"/>
        <source>Hot-spot share</source>
        <translation>热点比例</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="245"/>
        <source>Number of entries in the hot spot</source>
        <translation>热点中的条目数</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="246"/>
        <source>Hot-spot entries</source>
        <translation>热点条目数</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="254"/>
        <source>Operation mix (relative weights)</source>
        <translation>操作组合（相对权重）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="267"/>
        <source>Relative weight of %1 (%2); 0 = never</source>
        <translation>%1（%2）的相对权重；0 = 从不</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="276"/>
        <source>Timing</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="286"/>
        <source>How long a user holds its locks while it works (uniform between the two)</source>
        <translation>用户工作时持有锁的时长（在两值之间均匀分布）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="287"/>
        <source>Hold</source>
        <translation>持有</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="289"/>
        <source>Mean pause between a user&apos;s operations (exponential, cut at 10× the mean)</source>
        <translation>用户两次操作之间的平均间隔（指数分布，截断于均值的 10 倍）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="290"/>
        <source>Think (mean)</source>
        <translation>思考（平均）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="292"/>
        <source>A user gives an operation up after waiting this long for its locks</source>
        <translation>用户等待锁超过此时长后放弃该操作</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="293"/>
        <source>Wait timeout</source>
        <translation>等待超时</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="295"/>
        <source>Lease time to live; the watchdog renews every TTL/3</source>
        <translation>租约存活时间；看门狗每 TTL/3 续期一次</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="296"/>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="299"/>
        <source>Faults (per granted operation)</source>
        <translation>故障（每次获准的操作）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="302"/>
        <source>The user dies while holding: its lease stays until it expires</source>
        <translation>用户在持锁时崩溃：其租约保留到过期</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="303"/>
        <source>Crash</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="305"/>
        <source>The user stops renewing, sleeps past its TTL, then writes with its old fencing token</source>
        <translation>用户停止续期，睡过 TTL 后再用旧的栅栏令牌写入</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="306"/>
        <source>Pause past TTL</source>
        <translation>暂停超过 TTL</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="308"/>
        <source>The user keeps its lease %1 ms longer after writing</source>
        <translation>用户写入后多持有租约 %1 毫秒</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="309"/>
        <source>Slow release</source>
        <translation>慢释放</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="312"/>
        <source>Engine and policy</source>
        <translation>引擎与策略</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="314"/>
        <source>Users take locks</source>
        <translation>用户加锁</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="316"/>
        <source>Off: users skip the lock entirely and the safety monitor counts the damage</source>
        <translation>关闭：用户完全不加锁，由安全监视器统计造成的破坏</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="318"/>
        <source>Locking</source>
        <translation>加锁</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="320"/>
        <source>In-process (virtual clock)</source>
        <translation>进程内（虚拟时钟）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="321"/>
        <source>Studio&apos;s Redis, project “sim”</source>
        <translation>Studio 的 Redis，项目“sim”</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="322"/>
        <source>In-process: deterministic, as fast as you like. Redis: real time, through the server Studio is connected to, in its own project</source>
        <translation>进程内：结果确定，速度可调。Redis：真实时间，通过 Studio 所连接的服务器，在单独的项目中运行</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="323"/>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="325"/>
        <source>fine</source>
        <translation>fine</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="326"/>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="327"/>
        <source>Lock policy: fine (Treelock&apos;s) or seed (the seed documents&apos; table)</source>
        <translation>锁策略：fine（Treelock 的）或 seed（种子文档中的表）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="328"/>
        <source>Profile</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="330"/>
        <source>Random seed: with the in-process engine the same seed gives the same run</source>
        <translation>随机种子：使用进程内引擎时，相同的种子得到相同的运行</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="331"/>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="369"/>
        <source>Attempts</source>
        <translation>尝试</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="369"/>
        <source>Acquire calls</source>
        <translation>加锁调用次数</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="370"/>
        <source>Grants</source>
        <translation>获准</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="370"/>
        <source>Operations that got their locks</source>
        <translation>拿到锁的操作</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="371"/>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="371"/>
        <source>Refused acquire calls (the user waits and retries)</source>
        <translation>被拒绝的加锁调用（用户等待后重试）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="372"/>
        <source>Timeouts</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="372"/>
        <source>Operations given up after the wait timeout</source>
        <translation>等待超时后放弃的操作</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="373"/>
        <source>Fencing rejections</source>
        <translation>栅栏拒绝</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="373"/>
        <source>Writes the file system refused because a newer fencing token had touched the nodes</source>
        <translation>因更新的栅栏令牌已触及这些节点而被文件系统拒绝的写入</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="374"/>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="374"/>
        <source>Operations whose change was applied to the tree</source>
        <translation>修改已应用到目录树的操作</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="375"/>
        <source>Operations/s</source>
        <translation>操作/秒</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="375"/>
        <source>Completed operations per simulated second, over the whole run</source>
        <translation>整个运行期间每模拟秒完成的操作数</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="376"/>
        <source>Wait p50 / p99</source>
        <translation>等待 p50 / p99</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="376"/>
        <source>Time from the first attempt to the grant</source>
        <translation>从首次尝试到获准的时间</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="377"/>
        <source>In flight / waiting</source>
        <translation>进行中 / 等待中</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="377"/>
        <source>Operations between lock and write, and users waiting for a lock, now</source>
        <translation>当前处于加锁与写入之间的操作数，以及正在等锁的用户数</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="378"/>
        <source>Simulated time</source>
        <translation>模拟时间</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="378"/>
        <source>Time since the start, on the simulation&apos;s clock</source>
        <translation>按模拟时钟计算的自开始以来的时间</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="388"/>
        <location filename="../simulation/simulationpanel.cpp" line="399"/>
        <source>Safety violations</source>
        <translation>安全违规</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="412"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="414"/>
        <source>operations/s</source>
        <translation>操作/秒</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="417"/>
        <source>violations (total)</source>
        <translation>违规（累计）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="422"/>
        <source>simulated s</source>
        <translation>模拟秒</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="444"/>
        <source>Wait until granted</source>
        <translation>获准前的等待</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="445"/>
        <source>operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="456"/>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="923"/>
        <source>wait, log-scale buckets from ≤ %1 ms to &gt; %2 ms</source>
        <translation>等待时间（对数分桶，从 ≤ %1 毫秒到 &gt; %2 毫秒）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="474"/>
        <source>&lt;b&gt;Conflicts&lt;/b&gt;: row refused, column holding the blocking lease</source>
        <translation>&lt;b&gt;冲突&lt;/b&gt;：行为被拒绝的操作，列为持有阻塞租约的操作</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="508"/>
        <source>&lt;b&gt;Scenarios&lt;/b&gt;</source>
        <translation>&lt;b&gt;场景&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="523"/>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="524"/>
        <source>Load the selected scenario on a fresh engine (Enter or double-click)</source>
        <translation>在新的引擎上加载所选场景（回车或双击）</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="529"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="530"/>
        <source>Run the remaining steps one after another</source>
        <translation>依次运行剩余步骤</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="533"/>
        <source>Run the next step</source>
        <translation>运行下一步</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="538"/>
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="539"/>
        <source>Load the scenario again from its first step</source>
        <translation>从第一步重新加载场景</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="544"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="545"/>
        <source>Drop the scenario; the main view returns to Studio&apos;s project</source>
        <translation>丢弃场景；主视图回到 Studio 的项目</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="559"/>
        <source>No scenario loaded</source>
        <translation>未加载场景</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="565"/>
        <source>Pick a scenario on the left: a scripted conflict story, played step by step against the lock engine, each step checked against its expected outcome.</source>
        <translation>在左侧选择一个场景：一段预先编写的冲突故事，针对锁引擎逐步播放，每一步都与预期结果核对。</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="681"/>
        <source>Studio is not connected to Redis</source>
        <translation>Studio 未连接到 Redis</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="699"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="755"/>
        <source>Running step %1…</source>
        <translation>正在运行第 %1 步…</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="782"/>
        <source>%1 &lt;b&gt;Step %2 of %3.&lt;/b&gt; %4</source>
        <translation>%1 &lt;b&gt;第 %2 步，共 %3 步。&lt;/b&gt;%4</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="786"/>
        <source>Expected %1, got %2: %3</source>
        <translation>预期 %1，实际 %2：%3</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="792"/>
        <source>%1 of %2 steps run: %3 ✓, %4 ✗</source>
        <translation>已运行 %1/%2 步：%3 ✓，%4 ✗</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="821"/>
        <source>Stopped after %1 simulated s.</source>
        <translation>在模拟时间 %1 秒后停止。</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="827"/>
        <source>Paused at %1 s: Step runs one event, Resume goes on.</source>
        <translation>暂停于 %1 秒：“单步”运行一个事件，“继续”接着运行。</translation>
    </message>
    <message numerus="yes">
        <location filename="../simulation/simulationpanel.cpp" line="829"/>
        <source>Running on %1 · project &lt;b&gt;%2&lt;/b&gt; · %n tree entries</source>
        <translation>
            <numerusform>运行于 %1 · 项目 &lt;b&gt;%2&lt;/b&gt; · %n 个树条目</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="870"/>
        <source>locking is off</source>
        <translation>未加锁</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="870"/>
        <source>with locking on!</source>
        <translation>加锁时出现！</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="870"/>
        <source>locking on</source>
        <translation>已加锁</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="876"/>
        <source>Two in-flight operations that touch the same node (or an ancestor and a descendant) with at least one write. Must be 0 with locking on.</source>
        <translation>两个进行中的操作触及同一节点（或祖先与后代），且至少一个是写入。加锁时必须为 0。</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="878"/>
        <source>Most recent:</source>
        <translation>最近的：</translation>
    </message>
    <message>
        <location filename="../simulation/simulationpanel.cpp" line="948"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
</context>
<context>
    <name>treelock::ui::SimulationWorker</name>
    <message>
        <location filename="../simulation/simulationworker.cpp" line="43"/>
        <source>in-process engine</source>
        <translation>进程内引擎</translation>
    </message>
    <message>
        <location filename="../simulation/simulationworker.cpp" line="70"/>
        <source>in-process engine, virtual clock</source>
        <translation>进程内引擎，虚拟时钟</translation>
    </message>
    <message>
        <location filename="../simulation/simulationworker.cpp" line="81"/>
        <source>Cannot start the simulation: %1</source>
        <translation>无法启动模拟：%1</translation>
    </message>
    <message>
        <location filename="../simulation/simulationworker.cpp" line="123"/>
        <source>Nothing left to run.</source>
        <translation>没有可运行的事件了。</translation>
    </message>
    <message>
        <location filename="../simulation/simulationworker.cpp" line="178"/>
        <source>Cannot read the simulation&apos;s locks: %1</source>
        <translation>无法读取模拟的锁：%1</translation>
    </message>
    <message>
        <location filename="../simulation/simulationworker.cpp" line="209"/>
        <source>Cannot load scenario %1: %2</source>
        <translation>无法加载场景 %1：%2</translation>
    </message>
</context>
<context>
    <name>treelock::ui::TreePanel</name>
    <message>
        <location filename="../panels/treepanel.cpp" line="30"/>
        <source>Search names…</source>
        <translation>搜索名称…</translation>
    </message>
    <message>
        <location filename="../panels/treepanel.cpp" line="33"/>
        <source>Only locked</source>
        <translation>只看锁定</translation>
    </message>
    <message>
        <location filename="../panels/treepanel.cpp" line="35"/>
        <source>Show only nodes that are held, carry an intention or have expired leases</source>
        <translation>只显示被持有、带意向或有过期租约的节点</translation>
    </message>
    <message>
        <location filename="../panels/treepanel.cpp" line="107"/>
        <source>Project tree</source>
        <translation>项目树</translation>
    </message>
    <message numerus="yes">
        <location filename="../panels/treepanel.cpp" line="108"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n node(s)&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:#666&apos;&gt;· %n 个节点&lt;/span&gt;</numerusform>
        </translation>
    </message>
</context>
</TS>
