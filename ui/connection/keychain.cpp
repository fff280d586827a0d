#include "connection/keychain.h"

#include <qt6keychain/keychain.h>

#include <QObject>

namespace treelock::ui {

namespace {

const QString kService = QStringLiteral("Treelock Studio");

QString passwordKey(const QString& name)
{
    return QStringLiteral("password:") + name;
}

QString sentinelPasswordKey(const QString& name)
{
    return QStringLiteral("sentinel-password:") + name;
}

/// What `job` ended with: empty when it worked or found no entry.
QString failure(const QKeychain::Job* job)
{
    const QKeychain::Error e = job->error();
    return e == QKeychain::NoError || e == QKeychain::EntryNotFound ? QString() : job->errorString();
}

/// Starts `job` (deleted once finished) and calls `done` on `context`.
void run(QKeychain::Job* job, QObject* context, std::function<void(QKeychain::Job*)> done)
{
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // a secret never goes to a plain file
    QObject::connect(job, &QKeychain::Job::finished, context, [done = std::move(done)](QKeychain::Job* j) { done(j); });
    job->start();
}

void readOne(QObject* context, const QString& key, std::function<void(const QString& value, const QString& error)> done)
{
    auto* job = new QKeychain::ReadPasswordJob(kService);
    job->setKey(key);
    run(job, context, [done = std::move(done)](QKeychain::Job* j) {
        const QString error = failure(j);
        done(error.isEmpty() ? static_cast<QKeychain::ReadPasswordJob*>(j)->textData() : QString(), error);
    });
}

void writeOne(QObject* context, const QString& key, const QString& value, std::function<void(const QString& error)> done)
{
    QKeychain::Job* job = nullptr;
    if (value.isEmpty()) {
        job = new QKeychain::DeletePasswordJob(kService);
    } else {
        auto* write = new QKeychain::WritePasswordJob(kService);
        write->setTextData(value);
        job = write;
    }
    job->setKey(key);
    run(job, context, [done = std::move(done)](QKeychain::Job* j) { done(failure(j)); });
}

} // namespace

void readSecrets(QObject* context, const QString& name, std::function<void(const Secrets&, const QString& error)> done)
{
    readOne(context, passwordKey(name), [context, name, done](const QString& password, const QString& error) {
        if (!error.isEmpty())
            return done({}, error);
        readOne(context, sentinelPasswordKey(name), [password, done](const QString& sentinelPassword, const QString& e) {
            done({password, sentinelPassword}, e);
        });
    });
}

void writeSecrets(QObject* context, const QString& name, const Secrets& secrets, std::function<void(const QString& error)> done)
{
    writeOne(context, passwordKey(name), secrets.password, [context, name, secrets, done](const QString& error) {
        if (!error.isEmpty())
            return done(error);
        writeOne(context, sentinelPasswordKey(name), secrets.sentinelPassword, done);
    });
}

void removeSecrets(QObject* context, const QString& name, std::function<void(const QString& error)> done)
{
    writeSecrets(context, name, {}, std::move(done));
}

} // namespace treelock::ui
