#include "simulation/scenariotexts.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <optional>
#include <vector>

namespace treelock::ui {

namespace {

// The titles, description paragraphs and narrations of resources/scenarios/*.json,
// scenario by scenario, for lupdate; tst_ui_simlayout checks that every one is here.
const char* const kTexts[] = {
    // crash-expiry
    QT_TRANSLATE_NOOP("Scenario", "Crash and expiry: the operator sees the expired lease and releases it"),
    QT_TRANSLATE_NOOP("Scenario", "A crashes while moving /A/C: its lease is never released. While the lease lives, it still blocks "
                                  "others; once its TTL has passed it blocks nothing, and the operator sees it marked expired in "
                                  "the lock table and releases it (no --admin needed for an expired lease; the release is audited "
                                  "in the event stream)."),
    QT_TRANSLATE_NOOP("Scenario", "A starts moving /A/C into /B (TTL 300 ms)."),
    QT_TRANSLATE_NOOP("Scenario", "A's process dies: the lease is not released and nobody renews it."),
    QT_TRANSLATE_NOOP("Scenario", "Right after the crash, A's lease is still live: B cannot delete c.txt, and is told A is in the "
                                  "way and for how long."),
    QT_TRANSLATE_NOOP("Scenario", "450 ms later the lease's TTL has passed."),
    QT_TRANSLATE_NOOP("Scenario", "The operator's lock table shows A's lease as EXPIRED (not reaped yet: reaping is lazy)."),
    QT_TRANSLATE_NOOP("Scenario", "The operator releases it; the event stream records who did it and why."),
    QT_TRANSLATE_NOOP("Scenario", "The lock table is empty."),
    QT_TRANSLATE_NOOP("Scenario", "B tries again and gets the lock."),
    QT_TRANSLATE_NOOP("Scenario", "c.txt goes to the recycle bin. A's move never happened, so the tree is consistent."),
    QT_TRANSLATE_NOOP("Scenario", "The half-started move left nothing behind."),
    QT_TRANSLATE_NOOP("Scenario", "Done."),
    // failover
    QT_TRANSLATE_NOOP("Scenario", "Failover: a lock lost with the primary, and the same story with --min-replicas 1"),
    QT_TRANSLATE_NOOP("Scenario", "Redis replicates asynchronously: the primary answers a grant before any replica has it. If the "
                                  "primary dies then, the replica the sentinels promote never heard of the grant, and the next "
                                  "client is granted the same lock. That is the weakness the seed's 004 document names."),
    QT_TRANSLATE_NOOP("Scenario", "Played on a private primary, one replica and three sentinels. The replica is held back before "
                                  "each grant, so the loss is certain. First without --min-replicas: two holders at once, and only "
                                  "the fencing token keeps the old holder from overwriting the new one's save. Then with "
                                  "--min-replicas 1: the grant no replica acknowledged is rolled back and refused, so nobody holds "
                                  "what a failover would lose."),
    QT_TRANSLATE_NOOP("Scenario", "The replica falls behind: from now on it receives nothing from the primary."),
    QT_TRANSLATE_NOOP("Scenario", "A locks d.txt to save it. The primary grants it at once; only the primary knows."),
    QT_TRANSLATE_NOOP("Scenario", "The primary dies (SIGKILL). The sentinels promote the replica, which never saw A's grant; the "
                                  "old primary comes back empty as its replica."),
    QT_TRANSLATE_NOOP("Scenario", "B asks for the same file and is granted it: A and B now both believe they hold d.txt. B's "
                                  "fencing token is higher than A's."),
    QT_TRANSLATE_NOOP("Scenario", "B saves d.txt; the storage remembers B's token."),
    QT_TRANSLATE_NOOP("Scenario", "A saves with its older token: the storage has seen a newer one and rejects the write. Without "
                                  "fencing, A would have overwritten B's save."),
    QT_TRANSLATE_NOOP("Scenario", "A's lease is gone from the new primary: the release finds nothing."),
    QT_TRANSLATE_NOOP("Scenario", "B is done. Now the same story with --min-replicas 1."),
    QT_TRANSLATE_NOOP("Scenario", "The replica falls behind again."),
    QT_TRANSLATE_NOOP("Scenario", "C locks d.txt with --min-replicas 1. The primary grants it, but no replica acknowledges it "
                                  "within a second: the grant is rolled back and C is told so (the CLI exits 7). C does not write."),
    QT_TRANSLATE_NOOP("Scenario", "Nobody holds d.txt: there is nothing a failover could lose."),
    QT_TRANSLATE_NOOP("Scenario", "The primary dies again; the sentinels promote the replica."),
    QT_TRANSLATE_NOOP("Scenario", "D is granted d.txt, acknowledged by the replica: the only holder, and one a failover would keep."),
    QT_TRANSLATE_NOOP("Scenario", "D saves d.txt."),
    QT_TRANSLATE_NOOP("Scenario", "D is done."),
    // fine-vs-seed
    QT_TRANSLATE_NOOP("Scenario", "fine vs seed: creating in /B while /A/C moves into /B"),
    QT_TRANSLATE_NOOP("Scenario", "The same pair of operations under the two built-in profiles. 'fine' locks only what changes: X "
                                  "on /A/C and X on /B/C, so creating /B/x meanwhile is allowed."),
    QT_TRANSLATE_NOOP("Scenario", "'seed' follows the seed's table (row 3: create in B is refused during a folder move into B) by "
                                  "also taking SIX on the destination folder /B: nothing new may appear in /B until the move is "
                                  "done."),
    QT_TRANSLATE_NOOP("Scenario", "fine: A moves /A/C into /B with X on /A/C and X on /B/C (IX on /B)."),
    QT_TRANSLATE_NOOP("Scenario", "fine: B creates /B/x at the same time: IX and IX on /B are compatible, and /B/x is not /B/C. "
                                  "Allowed."),
    QT_TRANSLATE_NOOP("Scenario", "B is done."),
    QT_TRANSLATE_NOOP("Scenario", "A is done."),
    QT_TRANSLATE_NOOP("Scenario", "seed: the same move also takes SIX on the destination folder /B."),
    QT_TRANSLATE_NOOP("Scenario", "seed: B's create needs IX on /B, which SIX does not admit: refused, as the seed's table says (新建 "
                                  "B×)."),
    QT_TRANSLATE_NOOP("Scenario", "A's move is done."),
    QT_TRANSLATE_NOOP("Scenario", "seed: now B may create /B/x."),
    QT_TRANSLATE_NOOP("Scenario", "Same operations, different profile, different answer."),
    // pause-fencing
    QT_TRANSLATE_NOOP("Scenario", "Pause and fencing: a paused holder's late write is rejected"),
    QT_TRANSLATE_NOOP("Scenario", "A holds the lock on /A/C/D/d.txt and freezes (a long GC pause, a suspended VM): its watchdog "
                                  "stops renewing and the lease expires."),
    QT_TRANSLATE_NOOP("Scenario", "B then gets the lock, with a higher fencing token, and saves. When A wakes up and saves with its "
                                  "old token, the storage rejects it: a lock alone cannot stop a paused process, the fencing token "
                                  "can."),
    QT_TRANSLATE_NOOP("Scenario", "A locks d.txt to save it (TTL 300 ms, renewed by its watchdog)."),
    QT_TRANSLATE_NOOP("Scenario", "A's process freezes before it writes: nothing renews its lease any more."),
    QT_TRANSLATE_NOOP("Scenario", "450 ms pass: A's lease has expired on the server's clock."),
    QT_TRANSLATE_NOOP("Scenario", "B asks for the same file: the expired lease blocks nothing, B is granted with a higher fencing "
                                  "token."),
    QT_TRANSLATE_NOOP("Scenario", "B saves d.txt; the storage remembers B's token on it."),
    QT_TRANSLATE_NOOP("Scenario", "B is done."),
    QT_TRANSLATE_NOOP("Scenario", "A wakes up and saves with its old token: the storage has seen a newer token on d.txt and rejects "
                                  "the write. B's data is safe."),
    QT_TRANSLATE_NOOP("Scenario", "A holds nothing any more: its lease is gone."),
    // readers-writer
    QT_TRANSLATE_NOOP("Scenario", "Many readers and one writer: the writer gets in"),
    QT_TRANSLATE_NOOP("Scenario", "Copies read their source with S; deleting a folder inside it needs X there, and IX on the folder "
                                  "the copies read. S is compatible with S, so readers that keep overlapping keep the folder "
                                  "readable, and a writer that only waits for a gap may never find one."),
    QT_TRANSLATE_NOOP("Scenario", "Treelock queues fairly: a refused acquire that waits is registered as a waiter, and once it has "
                                  "waited longer than the project's grace (5 ms unless set) newer requests that conflict with it "
                                  "wait behind it. A reader that arrives while the writer waits is refused behind the writer; the "
                                  "readers already in finish, the writer gets in, then the readers go on."),
    QT_TRANSLATE_NOOP("Scenario", "Reader R1 copies /A/C: S on /A/C, the whole subtree."),
    QT_TRANSLATE_NOOP("Scenario", "Reader R2 copies /A/C too: S and S are compatible, the two reads overlap."),
    QT_TRANSLATE_NOOP("Scenario", "Writer W wants to delete /A/C/E, inside what they read: X on /A/C/E and IX on /A/C, which S "
                                  "refuses. W waits (up to 10 s, while the next steps play): its refused attempt registers it as a "
                                  "waiter, and past the project's grace it holds back newer requests that conflict with it."),
    QT_TRANSLATE_NOOP("Scenario", "The lock table: the two readers hold /A/C, and W is listed as waiting."),
    QT_TRANSLATE_NOOP("Scenario", "Reader R3 arrives while W waits. Its S would fit beside the readers' S, but it is refused behind "
                                  "W: the blocker named is W's waiting request (queued, IX reserved on /A/C), not a lease. Without "
                                  "this, new readers could keep the writer out forever."),
    QT_TRANSLATE_NOOP("Scenario", "R1's copy happens: /R1/C, with E."),
    QT_TRANSLATE_NOOP("Scenario", "R1 finishes; R2 still reads."),
    QT_TRANSLATE_NOOP("Scenario", "R2's copy happens: /R2/C, with E."),
    QT_TRANSLATE_NOOP("Scenario", "The last reader that was in before W leaves: W is woken and tries again."),
    QT_TRANSLATE_NOOP("Scenario", "W's wait ends in a grant, ahead of R3, who asked later."),
    QT_TRANSLATE_NOOP("Scenario", "/A/C/E goes to the recycle bin."),
    QT_TRANSLATE_NOOP("Scenario", "W is done: nothing holds the readers back any more."),
    QT_TRANSLATE_NOOP("Scenario", "R3 tries again and gets in: the readers go on."),
    QT_TRANSLATE_NOOP("Scenario", "R3 copies /A/C as it is now, without E."),
    QT_TRANSLATE_NOOP("Scenario", "R1 and R2 copied /A/C before the delete, R3 after it: each read a consistent folder."),
    QT_TRANSLATE_NOOP("Scenario", "Done."),
    // seed-example
    QT_TRANSLATE_NOOP("Scenario", "The seed's example: A moves /A/C while B edits /A/C/D/d.txt"),
    QT_TRANSLATE_NOOP("Scenario", "User A moves folder /A/C into /B. Meanwhile user B wants to save /A/C/D/d.txt, a file inside the "
                                  "folder being moved."),
    QT_TRANSLATE_NOOP("Scenario", "B is refused and told who is in the way. After A's move, B's old path no longer exists: the "
                                  "write fails cleanly instead of recreating a stale /A/C, and B saves the file at its new place."),
    QT_TRANSLATE_NOOP("Scenario", "A starts moving /A/C into /B: X on /A/C (the whole subtree) and X on /B/C, taken together."),
    QT_TRANSLATE_NOOP("Scenario", "B wants to save d.txt inside the folder being moved: refused at once, and Treelock names A's "
                                  "move as the blocker."),
    QT_TRANSLATE_NOOP("Scenario", "A's move happens: /A/C and everything in it is now /B/C."),
    QT_TRANSLATE_NOOP("Scenario", "The tree really changed: d.txt now lives at /B/C/D/d.txt."),
    QT_TRANSLATE_NOOP("Scenario", "A releases its lease; waiters are woken."),
    QT_TRANSLATE_NOOP("Scenario", "B retries with the path it had: the lock is free now (a lock is about a path, not about a file)."),
    QT_TRANSLATE_NOOP("Scenario", "But /A/C/D no longer exists: the write fails cleanly instead of silently recreating a stale "
                                  "/A/C."),
    QT_TRANSLATE_NOOP("Scenario", "B lets go of the old path."),
    QT_TRANSLATE_NOOP("Scenario", "B looks the file up again and locks it at its new place."),
    QT_TRANSLATE_NOOP("Scenario", "B's edit is saved to /B/C/D/d.txt."),
    QT_TRANSLATE_NOOP("Scenario", "Nothing is held any more; both users got their work done, in order, on the tree as it really "
                                  "was."),
};

/// The shape of one clause of a step's detail: the English the simulator writes
/// (a whole clause), and its text for translators with %1… for the captures.
struct Form {
    const char* pattern;
    const char* text;
    int nested = 0;     ///< the capture that is a detail itself (translated in turn); 0: none
    bool words = false; ///< every capture is an outcome word
};

const Form kForms[] = {
    {"fence (\\d+)", QT_TRANSLATE_NOOP("ScenarioDetail", "fence %1")},
    {"blocked by (.+?): (.+), (\\S+) held on (\\S+), expires in ([\\d.]+) s",
     QT_TRANSLATE_NOOP("ScenarioDetail", "blocked by %1: %2, %3 held on %4, expires in %5 s")},
    {"queued behind (.+?), who waits longer: (.+), (\\S+) reserved on (\\S+)",
     QT_TRANSLATE_NOOP("ScenarioDetail", "queued behind %1, who waits longer: %2, %3 reserved on %4")},
    {"waited ([\\d.]+) s", QT_TRANSLATE_NOOP("ScenarioDetail", "waited %1 s")},
    {"waits up to ([\\d.]+) s, (.+)", QT_TRANSLATE_NOOP("ScenarioDetail", "waits up to %1 s, %2"), 2},
    {"holds newer conflicting requests back", QT_TRANSLATE_NOOP("ScenarioDetail", "holds newer conflicting requests back")},
    {"fairness is off: holds nothing back", QT_TRANSLATE_NOOP("ScenarioDetail", "fairness is off: holds nothing back")},
    {"did not wait: the next \"await\" takes the outcome",
     QT_TRANSLATE_NOOP("ScenarioDetail", "did not wait: the next \"await\" takes the outcome")},
    {"holds no lease", QT_TRANSLATE_NOOP("ScenarioDetail", "holds no lease")},
    {"held nothing", QT_TRANSLATE_NOOP("ScenarioDetail", "held nothing")},
    {"lease (\\S+) \\(fence (\\d+)\\) is no longer renewed",
     QT_TRANSLATE_NOOP("ScenarioDetail", "lease %1 (fence %2) is no longer renewed")},
    {"lease (\\S+)", QT_TRANSLATE_NOOP("ScenarioDetail", "lease %1")},
    {"(\\d+) reaped", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 reaped")},
    {"(\\d+) live, (\\d+) expired, (\\d+) waiting: (.+)",
     QT_TRANSLATE_NOOP("ScenarioDetail", "%1 live, %2 expired, %3 waiting: %4"), 4},
    {"(\\d+) live, (\\d+) expired, (\\d+) waiting", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 live, %2 expired, %3 waiting")},
    {"(\\d+) live, (\\d+) expired: (.+)", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 live, %2 expired: %3"), 3},
    {"(\\d+) live, (\\d+) expired", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 live, %2 expired")},
    {"(\\S+) (\\S+) EXPIRED", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 %2 EXPIRED")},
    {"(\\S+) (\\S+) live, ([\\d.]+) s left", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 %2 live, %3 s left")},
    {"(\\S+) (\\S+) waiting, holds newer requests back",
     QT_TRANSLATE_NOOP("ScenarioDetail", "%1 %2 waiting, holds newer requests back")},
    {"(\\S+) (\\S+) waiting", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 %2 waiting")},
    {"(\\S+) never held a lease", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 never held a lease")},
    {"replica (\\S+) gets nothing from primary (\\S+)",
     QT_TRANSLATE_NOOP("ScenarioDetail", "replica %1 gets nothing from primary %2")},
    {"primary (\\S+) killed; the sentinels promoted (\\S+) ([\\d.]+) s later; the old one is back as its replica",
     QT_TRANSLATE_NOOP("ScenarioDetail",
                       "primary %1 killed; the sentinels promoted %2 %3 s later; the old one is back as its replica")},
    {"fencing token (\\d+) is older than token (\\d+) that wrote (\\S+)",
     QT_TRANSLATE_NOOP("ScenarioDetail", "fencing token %1 is older than token %2 that wrote %3")},
    {"fencing token (\\d+) is older than token (\\d+) that read (\\S+)",
     QT_TRANSLATE_NOOP("ScenarioDetail", "fencing token %1 is older than token %2 that read %3")},
    {"folder (\\S+) does not exist", QT_TRANSLATE_NOOP("ScenarioDetail", "folder %1 does not exist")},
    {"(\\S+) does not exist", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 does not exist")},
    {"(\\S+) exists", QT_TRANSLATE_NOOP("ScenarioDetail", "%1 exists")},
    {"expected (\\S+), got (\\S+)", QT_TRANSLATE_NOOP("ScenarioDetail", "expected %1, got %2"), 0, true},
    {"expected (\\d+) live", QT_TRANSLATE_NOOP("ScenarioDetail", "expected %1 live")},
    {"expected (\\d+) expired", QT_TRANSLATE_NOOP("ScenarioDetail", "expected %1 expired")},
    {"expected (\\d+) waiting", QT_TRANSLATE_NOOP("ScenarioDetail", "expected %1 waiting")},
    {"expected (\\d+) reaped", QT_TRANSLATE_NOOP("ScenarioDetail", "expected %1 reaped")},
};

struct CompiledForm {
    QRegularExpression expression;
    const Form* form;
};

const std::vector<CompiledForm>& compiledForms()
{
    static const std::vector<CompiledForm> forms = [] {
        std::vector<CompiledForm> all;
        for (const Form& f : kForms)
            all.push_back({QRegularExpression(QRegularExpression::anchoredPattern(QString::fromUtf8(f.pattern))), &f});
        return all;
    }();
    return forms;
}

QString translateDetail(const QString& english, bool* known);

/// `clause` in the user's language, if it has one of the known forms.
std::optional<QString> translateClause(const QString& clause, bool* known)
{
    for (const CompiledForm& c : compiledForms()) {
        const QRegularExpressionMatch m = c.expression.match(clause);
        if (!m.hasMatch())
            continue;
        QString text = QCoreApplication::translate("ScenarioDetail", c.form->text);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i) {
            const QString part = m.captured(i);
            text = text.arg(i == c.form->nested ? translateDetail(part, known)
                            : c.form->words     ? scenarioOutcome(part.toStdString())
                                                : part);
        }
        return text;
    }
    return std::nullopt;
}

/// The detail as a whole clause, else clause by clause ("; " between them).
QString translateDetail(const QString& english, bool* known)
{
    if (std::optional<QString> whole = translateClause(english, known))
        return *whole;
    const QStringList clauses = english.split(QStringLiteral("; "));
    QStringList shown;
    for (const QString& clause : clauses) {
        std::optional<QString> one = clauses.size() > 1 ? translateClause(clause, known) : std::nullopt;
        if (!one)
            *known = false;
        shown << one.value_or(clause);
    }
    return shown.join(QCoreApplication::translate("ScenarioDetail", "; "));
}

} // namespace

QString scenarioText(const std::string& english)
{
    return QCoreApplication::translate("Scenario", english.c_str());
}

QString scenarioDescription(const std::string& english)
{
    QStringList paragraphs;
    for (const QString& line : QString::fromStdString(english).split(QLatin1Char('\n')))
        paragraphs << QCoreApplication::translate("Scenario", line.toUtf8().constData());
    return paragraphs.join(QLatin1Char('\n'));
}

QString scenarioActionWord(sim::ScenarioAction action)
{
    using A = sim::ScenarioAction;
    switch (action) {
    case A::Acquire: return QCoreApplication::translate("ScenarioAction", "acquire");
    case A::Await: return QCoreApplication::translate("ScenarioAction", "await");
    case A::Write: return QCoreApplication::translate("ScenarioAction", "write");
    case A::Release: return QCoreApplication::translate("ScenarioAction", "release");
    case A::Pause: return QCoreApplication::translate("ScenarioAction", "pause");
    case A::Crash: return QCoreApplication::translate("ScenarioAction", "crash");
    case A::Wait: return QCoreApplication::translate("ScenarioAction", "wait");
    case A::Snapshot: return QCoreApplication::translate("ScenarioAction", "snapshot");
    case A::Sweep: return QCoreApplication::translate("ScenarioAction", "sweep");
    case A::ForceRelease: return QCoreApplication::translate("ScenarioAction", "force-release");
    case A::Expect: return QCoreApplication::translate("ScenarioAction", "expect");
    case A::StallReplica: return QCoreApplication::translate("ScenarioAction", "stall-replica");
    case A::KillPrimary: return QCoreApplication::translate("ScenarioAction", "kill-primary");
    }
    return QString::fromUtf8(std::string(toString(action)));
}

QString scenarioOutcome(const std::string& word)
{
    // The words a step's outcome can be (the player's, and the file system's and
    // lease's statuses), listed for lupdate.
    static const char* const words[] = {
        QT_TRANSLATE_NOOP("ScenarioOutcome", "granted"),  QT_TRANSLATE_NOOP("ScenarioOutcome", "refused"),
        QT_TRANSLATE_NOOP("ScenarioOutcome", "timeout"),  QT_TRANSLATE_NOOP("ScenarioOutcome", "waiting"),
        QT_TRANSLATE_NOOP("ScenarioOutcome", "applied"),  QT_TRANSLATE_NOOP("ScenarioOutcome", "rejected"),
        QT_TRANSLATE_NOOP("ScenarioOutcome", "failed"),   QT_TRANSLATE_NOOP("ScenarioOutcome", "released"),
        QT_TRANSLATE_NOOP("ScenarioOutcome", "done"),     QT_TRANSLATE_NOOP("ScenarioOutcome", "none"),
        QT_TRANSLATE_NOOP("ScenarioOutcome", "unknown"),  QT_TRANSLATE_NOOP("ScenarioOutcome", "expired"),
        QT_TRANSLATE_NOOP("ScenarioOutcome", "live"),     QT_TRANSLATE_NOOP("ScenarioOutcome", "ok"),
        QT_TRANSLATE_NOOP("ScenarioOutcome", "error"),    QT_TRANSLATE_NOOP("ScenarioOutcome", "not-acknowledged"),
    };
    const auto known = std::find_if(std::begin(words), std::end(words), [&](const char* w) { return word == w; });
    return known == std::end(words) ? QString::fromStdString(word) : QCoreApplication::translate("ScenarioOutcome", *known);
}

QString scenarioDetail(const std::string& english)
{
    bool known = true;
    return translateDetail(QString::fromStdString(english), &known);
}

bool isListedScenarioText(const std::string& english)
{
    return std::any_of(std::begin(kTexts), std::end(kTexts), [&](const char* text) { return english == text; });
}

bool isKnownScenarioDetail(const std::string& english)
{
    bool known = true;
    translateDetail(QString::fromStdString(english), &known);
    return known;
}

} // namespace treelock::ui
