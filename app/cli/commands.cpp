#include "commands.h"

#include "cliformat.h"
#include "commandcontext.h"
#include "redaction.h"

#include "treelock/error.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <utility>
#include <ostream>
#include <unistd.h>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

constexpr const char* kDefaultRedisUrl = "redis://127.0.0.1:6379";

std::string envOr(const char* name, std::string fallback = {})
{
    const char* value = std::getenv(name);
    return value ? std::string(value) : fallback;
}

/// A yes/no environment variable: 1, yes, true or 0, no, false, "" (any case).
bool yesOrNo(const char* name, const std::string& text)
{
    std::string lower;
    for (const char c : text)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.empty() || lower == "0" || lower == "no" || lower == "false")
        return false;
    if (lower == "1" || lower == "yes" || lower == "true")
        return true;
    throw InvalidInput("invalid " + std::string(name) + " " + quoteInput(text) + ": expected 1 (yes, true) or 0 (no, false)");
}

} // namespace

Environment Environment::fromProcess()
{
    static const std::pair<std::string Environment::*, const char*> variables[] = {
        {&Environment::redisUrl, "TREELOCK_REDIS"},
        {&Environment::redisUser, "TREELOCK_REDIS_USER"},
        {&Environment::redisPassword, "TREELOCK_REDIS_PASSWORD"},
        {&Environment::minReplicas, "TREELOCK_MIN_REPLICAS"},
        {&Environment::userName, "USER"},
        {&Environment::sentinelUser, "TREELOCK_SENTINEL_USER"},
        {&Environment::sentinelPassword, "TREELOCK_SENTINEL_PASSWORD"},
        {&Environment::tlsCaFile, "TREELOCK_TLS_CACERT"},
        {&Environment::tlsCaDir, "TREELOCK_TLS_CACERTDIR"},
        {&Environment::tlsCertFile, "TREELOCK_TLS_CERT"},
        {&Environment::tlsKeyFile, "TREELOCK_TLS_KEY"},
        {&Environment::tlsServerName, "TREELOCK_TLS_SNI"},
        {&Environment::tlsInsecure, "TREELOCK_TLS_INSECURE"},
    };
    Environment environment;
    for (const auto& [member, name] : variables)
        environment.*member = envOr(name);
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) == 0)
        environment.hostName = host;
    return environment;
}

RedisOptions redisOptionsFor(const GlobalOptions& global, const Environment& environment)
{
    RedisOptions options;
    if (global.redisUrl)
        options.url = *global.redisUrl;
    else if (!environment.redisUrl.empty())
        options.url = environment.redisUrl;
    else
        options.url = kDefaultRedisUrl;
    options.user = environment.redisUser;
    options.password = environment.redisPassword;
    if (global.minReplicas) {
        options.minReplicas = *global.minReplicas;
    } else if (!environment.minReplicas.empty()) {
        const std::string& text = environment.minReplicas;
        int n = -1;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec != std::errc() || end != text.data() + text.size() || n < 0 || n > kMaxMinReplicas)
            throw InvalidInput("invalid TREELOCK_MIN_REPLICAS " + quoteInput(text) + ": expected a whole number from 0 to "
                               + std::to_string(kMaxMinReplicas));
        options.minReplicas = n;
    }
    if (global.replicaTimeout)
        options.replicaTimeout = *global.replicaTimeout;
    options.sentinelUser = global.sentinelUser.value_or(environment.sentinelUser);
    options.sentinelPassword = environment.sentinelPassword;
    options.tls.caFile = global.tlsCaFile.value_or(environment.tlsCaFile);
    options.tls.caDir = global.tlsCaDir.value_or(environment.tlsCaDir);
    options.tls.certFile = global.tlsCertFile.value_or(environment.tlsCertFile);
    options.tls.keyFile = global.tlsKeyFile.value_or(environment.tlsKeyFile);
    options.tls.serverName = global.tlsServerName.value_or(environment.tlsServerName);
    options.tls.insecure = global.tlsInsecure || yesOrNo("TREELOCK_TLS_INSECURE", environment.tlsInsecure);
    return options;
}

std::shared_ptr<Engine> connectRedis(const GlobalOptions& global, const Environment& environment)
{
    return std::make_shared<RedisEngine>(redisOptionsFor(global, environment), global.project,
                                         PathOptions{global.caseInsensitive});
}

void printError(std::ostream& err, bool json, int exitCode, std::string_view kind, const std::string& message)
{
    if (json)
        err << dump({{"exit_code", exitCode}, {"kind", kind}, {"message", message}}) << "\n";
    else
        err << "treelock: " << message << "\n";
}

int runCommand(const Invocation& invocation, RunContext& context)
{
    const auto fail = [&](int code, std::string_view kind, const std::string& message) {
        std::vector<std::string> urls;
        if (invocation.global.redisUrl)
            urls.push_back(*invocation.global.redisUrl);
        printError(context.err, invocation.global.json, code, kind,
                   redact(message, secretsOf(urls, context.environment)));
        return code;
    };
    try {
        CommandContext commandContext(invocation.global, context);
        return invocation.command.run(commandContext);
    } catch (const CommandFailure& failure) {
        return fail(failure.exitCode(), failure.kind(), failure.what());
    } catch (const UsageError& error) {
        return fail(kExitInvalid, "usage", error.what());
    } catch (const InvalidPath& error) {
        return fail(kExitInvalid, "invalid_path", error.what());
    } catch (const InvalidPolicy& error) {
        return fail(kExitInvalid, "invalid_policy", error.what());
    } catch (const InvalidInput& error) {
        return fail(kExitInvalid, "invalid_input", error.what());
    } catch (const AuthenticationError& error) {
        return fail(kExitUnreachable, "authentication", error.what());
    } catch (const TlsError& error) {
        return fail(kExitUnreachable, "tls", error.what());
    } catch (const ConnectionError& error) {
        return fail(kExitUnreachable, "unreachable", error.what());
    } catch (const ReplicationError& error) {
        return fail(kExitReplication, "replication", error.what());
    } catch (const ScriptError& error) {
        return fail(kExitInternal, "server_error", error.what());
    } catch (const std::exception& error) {
        return fail(kExitInternal, "internal", error.what());
    }
}

namespace {

// Whether the line asks for JSON, read before it parses (a line that does not
// parse still has its error reported the way it asked).
bool asksForJson(const std::vector<std::string>& args)
{
    for (const std::string& arg : args) {
        if (arg == "--")
            return false;
        if (arg == "--json")
            return true;
    }
    return false;
}

} // namespace

int runCommandLine(const std::vector<std::string>& args, RunContext& context)
{
    const std::vector<std::string> secrets = secretsOf(args, context.environment);
    RedactingBuffer outBuffer(context.out, secrets);
    RedactingBuffer errBuffer(context.err, secrets);
    std::ostream out(&outBuffer);
    std::ostream err(&errBuffer);
    RunContext redacting{out, err, context.environment, context.connect, context.stop, context.catchStopSignals};
    Invocation invocation;
    int code = kExitInvalid;
    try {
        invocation = parseCommandLine(args);
        code = runCommand(invocation, redacting);
    } catch (const UsageError& error) {
        printError(err, asksForJson(args), kExitInvalid, "usage", error.what());
    }
    out.flush();
    err.flush();
    return code;
}

std::string isoTime(ServerTime time)
{
    const long long ms = msSinceEpoch(time);
    long long seconds = ms / 1000;
    long long millis = ms % 1000;
    if (millis < 0) {
        millis += 1000;
        seconds -= 1;
    }
    const std::time_t t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03lldZ", tm.tm_year + 1900,
                  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
    return text;
}

std::string secondsText(milliseconds duration)
{
    const long long tenths = std::max<long long>(0, (duration.count() + 50) / 100);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
}

std::string durationText(milliseconds duration)
{
    if (duration < milliseconds(59950)) // rounds to less than 60.0 s
        return secondsText(duration);
    const auto twoDigits = [](long long n) { return (n < 10 ? "0" : "") + std::to_string(n); };
    const long long seconds = (duration.count() + 500) / 1000;
    if (seconds < 3600)
        return std::to_string(seconds / 60) + " min " + twoDigits(seconds % 60) + " s";
    const long long minutes = seconds / 60;
    return std::to_string(minutes / 60) + " h " + twoDigits(minutes % 60) + " min";
}

} // namespace treelock::cli
