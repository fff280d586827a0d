// The text of `treelock --help` and `treelock help COMMAND`.

#include "cliparser.h"

#include "treelock/sim/limits.h"

#include <map>
#include <string>

namespace treelock::cli {

static_assert(kContentionHalfLife == std::chrono::minutes(1), "`treelock help contention` says every minute");

std::string helpText(std::string_view topic)
{
    static const std::map<std::string, std::string, std::less<>> texts{
        {"acquire",
         "usage: treelock acquire [--owner NAME] [--ttl MS] [--wait MS]\n"
         "                        [--profile fine|seed | --policy FILE.json]\n"
         "                        (--lock MODE:PATH [--lock MODE:PATH ...] | --op OPERATION ARGS...)\n"
         "\n"
         "Takes every lock of one lease, or none (atomically). Prints the lease id.\n"
         "  --lock MODE:PATH  MODE is IS, IX, S, SIX or X; the first ':' ends it\n"
         "  --op OPERATION    lock what OPERATION needs, planned by the policy:\n"
         "      create FOLDER NAME | upload FOLDER NAME | move-folder SRC DSTFOLDER\n"
         "      | move-file SRC DSTFOLDER | copy-folder SRC DSTFOLDER | copy-file SRC DSTFOLDER\n"
         "      | rename-folder SRC NEWNAME | rename-file SRC NEWNAME | delete-folder PATH\n"
         "      | delete-file PATH | purge ITEM...\n"
         "  --owner NAME      holder label (default: $USER, else anonymous)\n"
         "  --ttl MS          time to live, 10..86400000 (default 30000)\n"
         "  --wait MS         wait up to MS for the blockers to go (default 0: one attempt);\n"
         "                    meanwhile the request is listed by `treelock waiting`, and\n"
         "                    past the grace (treelock help config) newer requests that\n"
         "                    conflict with it wait behind it\n"
         "  --profile NAME    built-in policy for --op: fine (default) or seed\n"
         "  --policy FILE     policy document (JSON) for --op\n"
         "On conflict prints the blocking lease, or the older waiting request that goes\n"
         "first, and exits 3. Put `--` before arguments that start with '-'.\n"},
        {"release",
         "usage: treelock release LEASE\n"
         "\n"
         "Drops one hold of the lease; the last hold frees its paths. Prints nothing\n"
         "(with --json: {\"lease\",\"remaining_holds\"}). Exit 4 if the lease is unknown or expired.\n"},
        {"renew",
         "usage: treelock renew LEASE [--ttl MS]\n"
         "\n"
         "Extends a live lease to now + MS (default: its own TTL). Prints the new expiry\n"
         "in ms since the epoch (server time). Exit 4 if the lease is unknown or expired.\n"},
        {"force-release",
         "usage: treelock force-release LEASE --reason TEXT [--admin] [--lock-delay MS]\n"
         "                              [--operator NAME]\n"
         "\n"
         "Operator release, recorded in the event stream with operator, host and reason.\n"
         "An expired lease needs no flag; revoking a live one needs --admin (else exit 3).\n"
         "LEASE may be the start of an id (8 digits or more), as `locks` and `waiting`\n"
         "show it, if it names one lease.\n"
         "  --lock-delay MS   keep a revoked live lease's paths blocked for MS\n"
         "  --operator NAME   recorded operator (default: $USER, else operator)\n"},
        {"sweep",
         "usage: treelock sweep [--operator NAME]\n"
         "\n"
         "Reaps every expired lease now and prints how many.\n"},
        {"config",
         "usage: treelock config [events=all|audit] [grace=MS|off] [--operator NAME]\n"
         "\n"
         "Prints the project's settings, one NAME=VALUE a line; with NAME=VALUE, changes\n"
         "them first (a change is recorded as a config event). --json: one object.\n"
         "  events=all     record every grant and release as an event (the default)\n"
         "  events=audit   record expiries, force-releases, sweeps and setting changes\n"
         "                 only: about 15 % less server time per lock\n"
         "  grace=MS       a request that has waited MS (0.." + std::to_string(kMaxGrace.count()) + ", default "
         + std::to_string(kDefaultGrace.count()) + ") holds back\n"
         "                 newer requests that conflict with it, so none waits forever\n"
         "  grace=off      no fairness: whoever tries when the paths are free gets them\n"
         "  --operator NAME   recorded operator (default: $USER, else operator)\n"},
        {"locks",
         "usage: treelock locks\n"
         "\n"
         "Lists every lease of the project: id prefix, owner, operation, requests, fence,\n"
         "state (live, expired, revoked) and time left. --json: every field, and\n"
         "server_time_ms.\n"},
        {"waiting",
         "usage: treelock waiting\n"
         "\n"
         "Lists the requests that wait (acquire --wait), oldest first: owner, operation,\n"
         "requests, how long it has WAITED, who is BEHIND its last refusal, a lease\n"
         "(\"alice's move-folder (X /A/C), lease 9030be43\": the start of its id, which\n"
         "force-release takes) or an older waiting request (\"bob's delete-folder\n"
         "(X /A), waiting\"), and the node they clash AT. HOLDS BACK is yes\n"
         "once it has waited past the grace (treelock help config): newer conflicting\n"
         "requests wait behind it.\n"
         "A request that stops trying (its process died) is dropped "
         + std::to_string(kWaitRefresh.count() / 1000) + " s after its\n"
         "last attempt. --json: {\"server_time_ms\", \"waiters\": [...]} with every field.\n"},
        {"contention",
         "usage: treelock contention [--top N]\n"
         "\n"
         "The paths where acquires were refused most, hottest first: refusals per minute\n"
         "(each counts half as much every minute, so the number follows current load), the\n"
         "total since the path entered the table, how many waiting requests are stuck\n"
         "there, the last refused attempt and the operations that clashed (\"copy-folder vs\n"
         "delete-folder ×12\": the refused one, then the one in its way). A waiting\n"
         "request counts once per lease or waiter in its way, not per retry. The project\n"
         "keeps the " + std::to_string(kContentionPaths) + " hottest paths.\n"
         "  --top N   how many paths to print, 1.." + std::to_string(kContentionPaths) + " (default 10)\n"
         "--json: {\"server_time_ms\", \"paths\": [...]} with every field.\n"},
        {"topology",
         "usage: treelock topology\n"
         "\n"
         "Who serves the project: the primary (its ROLE and replication offset), each\n"
         "replica with its offset, bytes behind and time since its last acknowledgement,\n"
         "behind a redis+sentinel:// URL every sentinel with the primary it names, its\n"
         "flags and the replicas and sentinels it knows (or why it could not be asked),\n"
         "and on a redis+cluster:// URL the project's slot and every shard: its primary,\n"
         "slots and replicas. --json: one object with kind, url, project, primary,\n"
         "replicas, and sentinels or slot and shards. Exit 5 when no primary can be\n"
         "reached (the sentinels' views and the other shards are printed all the same).\n"},
        {"projects",
         "usage: treelock projects\n"
         "\n"
         "Lists every project on the primary, or on every primary of a Redis Cluster:\n"
         "its name, its leases (expired ones not yet reaped included) and the node\n"
         "serving it (with its slot on a cluster). A project appears once it has been\n"
         "granted a lock. Found with SCAN, never KEYS, so a large server is not\n"
         "blocked. --json: {\"projects\": [{name, leases, node[, slot]}]}.\n"},
        {"fsck",
         "usage: treelock fsck [--repair]\n"
         "\n"
         "Recomputes the node counts from the leases and prints every difference.\n"
         "Exit 0 when clean, 6 when differences were found (also with --repair, which\n"
         "fixes them and prints \"repaired\").\n"},
        {"check-history",
         "usage: treelock check-history\n"
         "\n"
         "Replays the project's event stream and checks that every grant was compatible\n"
         "with every lease live at that moment, that fences strictly increase, and that\n"
         "every release, expiry and force matches a grant. Prints the verdict and the\n"
         "first violation. The stream keeps about 10,000 events: when older ones were\n"
         "trimmed it says so and checks what is left. A project at events=audit records\n"
         "no grants and releases (treelock help config): from where that began, only\n"
         "what was recorded is checked, and a note says from which event on. Exit 0 when\n"
         "ok, 6 on a violation.\n"},
        {"events",
         "usage: treelock events [--from ID] [--count N] [--follow]\n"
         "\n"
         "Prints the project's events (grant, release, expire, force, sweep, config), one\n"
         "a line; JSON lines with --json.\n"
         "  --from ID    only events after stream id ID (default: from the start)\n"
         "  --count N    print at most N events\n"
         "  --follow     keep printing new events (polls every 100 ms) until SIGINT/SIGTERM\n"},
        {"matrix",
         "usage: treelock matrix [--profile fine|seed] [--json | --markdown]\n"
         "\n"
         "The seed's permission table (resources/matrix/seed-expected.json) checked\n"
         "against the engine: every sub-cell runs as a scenario on a scratch in-process\n"
         "project (no server needed) and is compared with the seed's expectation;\n"
         "differences carry a reason.\n"
         "  --profile NAME   policy profile: fine (default) or seed\n"
         "  --json           a list of cells: row and column operation, object, seed\n"
         "                   expectation, engine result, both lock plans, clash, reason\n"
         "  --markdown       the profile's grid and differences; without --profile, the\n"
         "                   whole of docs/permission-matrix.md (both profiles)\n"
         "Default output: a plain-text grid and the differences.\n"},
        {"simulate",
         "usage: treelock simulate [--memory | --redis URL] [--realtime] [--users N]\n"
         "                         [--seconds S] [--seed N] [--mix OP=W,...] [--crash-rate R]\n"
         "                         [--pause-rate R] [--slow-release-rate R] [--no-locking]\n"
         "                         [--profile fine|seed] [--ttl MS] [--uniform]\n"
         "                         [--grace MS|off] [--json]\n"
         "\n"
         "Runs N virtual users doing the 11 operations on a simulated project tree through\n"
         "the lock engine, with faults, a fenced file system and a safety monitor, and\n"
         "prints the statistics (docs/simulator.md). By default: the in-process engine on\n"
         "a virtual clock (S simulated seconds, deterministic for a seed). Only --redis URL\n"
         "on the command line ($TREELOCK_REDIS does not count) runs it on Redis, in real\n"
         "time, on --project.\n"
         "  --memory               the in-process engine (the default; not with --redis)\n"
         "  --realtime             wall-clock time on the in-process engine\n"
         "  --users N              " + std::to_string(sim::limits::kMinUsers) + ".."
         + std::to_string(sim::limits::kMaxUsers) + " (default 20)\n"
         "  --seconds S            how long (default 10)\n"
         "  --seed N               random seed (default 1)\n"
         "  --mix OP=W,...         operation weights, e.g. create=3,move-folder=1 (others 0)\n"
         "  --crash-rate R         per operation: the holder dies, its lease expires (0..1)\n"
         "  --pause-rate R         per operation: the holder pauses past its TTL, then writes\n"
         "                         with its old fencing token\n"
         "  --slow-release-rate R  per operation: the holder keeps the lock 200 ms longer\n"
         "  --no-locking           users skip the lock: the monitor counts violations\n"
         "  --profile NAME         policy profile: fine (default) or seed\n"
         "  --ttl MS               lease TTL (default 2000)\n"
         "  --uniform              pick targets uniformly (default: a hot spot)\n"
         "  --grace MS|off         the project's fairness grace, 0..60000 (default 5); off:\n"
         "                         a waiting writer can starve behind overlapping readers\n"
         "  --json                 keys: attempts, grants, conflicts, queued, timeouts,\n"
         "                         fencing_rejections, violations, ops_per_second,\n"
         "                         waits_by_operation, hot_spots, ...\n"
         "Exit 1 if violations were counted while locking was on.\n"},
        {"scenario",
         "usage: treelock scenario FILE [--memory | --redis URL] [--json]\n"
         "\n"
         "Plays a scenario (resources/scenarios/*.json): one line per step with what\n"
         "happened and whether it was the expected outcome, then the step's narration.\n"
         "Engine as for simulate: in-process unless --redis URL is on the command line\n"
         "(then the project must hold no leases). Exit 0 only if every step had its\n"
         "expected outcome, else 1.\n"
         "  --memory   the in-process engine (the default; not with --redis)\n"
         "  --json     one object: scenario, passed, steps\n"},
        {"help",
         "usage: treelock help [COMMAND]\n"
         "\n"
         "Prints the overview, or the usage of COMMAND.\n"},
    };
    if (topic.empty()) {
        return "usage: treelock [--redis URL] [--project NAME] [--json] [--quiet]\n"
               "                [--case-insensitive] [--min-replicas N] [--replica-timeout MS]\n"
               "                COMMAND ...\n"
               "\n"
               "Hierarchical locks on Redis.\n"
               "\n"
               "commands:\n"
               "  acquire        take locks (--lock MODE:PATH ... or --op OPERATION ARGS...)\n"
               "  release        release a lease\n"
               "  renew          extend a lease\n"
               "  force-release  operator release of a lease (audited)\n"
               "  sweep          reap expired leases\n"
               "  locks          list leases\n"
               "  waiting        list the requests waiting for locks\n"
               "  contention     the paths where acquires are refused most\n"
               "  topology       the primary, replicas, sentinels or shards serving the project\n"
               "  projects       every project on the server or cluster, with its leases\n"
               "  fsck           check (and --repair) the node counts\n"
               "  config         print or change the project's settings (events, grace)\n"
               "  check-history  check the event stream against the lock guarantees\n"
               "  events         print (or --follow) the event stream\n"
               "  matrix         the seed's permission table checked against the engine\n"
               "  simulate       virtual users, faults and safety statistics\n"
               "  scenario       play a scripted conflict scenario\n"
               "  help           help on a command\n"
               "\n"
               "global options:\n"
               "  --redis URL          redis://[user:password@]host[:port][/db],\n"
               "                       unix:///path/to.sock[?db=N],\n"
               "                       redis+sentinel://[user:password@]host[:port][,...]/MASTER[/db] or\n"
               "                       redis+cluster://[user:password@]host[:port][,...]\n"
               "                       (default: $TREELOCK_REDIS, else redis://127.0.0.1:6379)\n"
               "  --project NAME       1-64 characters of A-Z a-z 0-9 _ . - (default: default)\n"
               "  --json               machine-readable output\n"
               "  -q, --quiet          no warning lines (server configuration, unused options)\n"
               "  --case-insensitive   paths that differ only in case name one node\n"
               "  --min-replicas N     a grant or renewal counts once N replicas have it (WAIT);\n"
               "                       a grant fewer acknowledge is rolled back, exit 7\n"
               "                       (default: $TREELOCK_MIN_REPLICAS, else 0: no wait)\n"
               "  --replica-timeout MS how long to wait for them (default 100)\n"
               "  -h, --help           this help; treelock help COMMAND for a command\n"
               "  --version            print the version\n"
               "\n"
               "environment: TREELOCK_REDIS, TREELOCK_REDIS_USER, TREELOCK_REDIS_PASSWORD,\n"
               "TREELOCK_MIN_REPLICAS, USER\n"
               "exit codes: 0 ok, 1 internal error, 2 invalid input, 3 conflict (or --wait\n"
               "timed out), 4 lease unknown or expired, 5 Redis unreachable, 6 fsck found\n"
               "differences or check-history a violation, 7 not acknowledged by enough\n"
               "replicas (rolled back)\n";
    }
    const auto it = texts.find(topic);
    if (it == texts.end())
        throw UsageError("unknown command " + quoteInput(topic) + " (try treelock --help)");
    return it->second;
}

} // namespace treelock::cli
