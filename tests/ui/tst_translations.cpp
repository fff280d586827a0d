// Studio's translations against its sources: lupdate runs over the same files
// and options as the build's treelock_ui_lupdate target, into a temporary copy
// of each .ts, so a string added to the code without a translation fails here
// rather than showing up in English in the Chinese window.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

/// One <message> of a .ts file.
struct Message {
    QString context;
    QString source;
    bool numerus = false;
    bool unfinished = false;
    QStringList forms; ///< the translation, or its numerus forms
};

QString describe(const Message& m)
{
    return QStringLiteral("%1: \"%2\"").arg(m.context, m.source);
}

QList<Message> readTs(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            if (!current.source.isNull())
                messages.append(current);
            current = Message{};
            current.context = context;
            current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            current.unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            if (!current.numerus)
                current.forms.append(xml.readElementText());
        } else if (name == QLatin1String("numerusform")) {
            current.forms.append(xml.readElementText());
        }
    }
    if (!current.source.isNull())
        messages.append(current);
    return messages;
}

/// %1…%99 and %n (with or without L) of a string.
QSet<QString> placeholders(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("%L?(\\d{1,2}|n)"));
    QSet<QString> found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(1));
    return found;
}

bool hasEmptyForm(const Message& m)
{
    if (m.forms.isEmpty())
        return true;
    for (const QString& form : m.forms) {
        if (form.trimmed().isEmpty())
            return true;
    }
    return false;
}

QStringList missingPlaceholders(const QList<Message>& messages, bool numerusOnly)
{
    QStringList failures;
    for (const Message& m : messages) {
        if ((numerusOnly && !m.numerus) || hasEmptyForm(m))
            continue;
        const QSet<QString> wanted = placeholders(m.source);
        for (const QString& form : m.forms) {
            const QSet<QString> missing = wanted - placeholders(form);
            if (!missing.isEmpty()) {
                failures << describe(m) + QStringLiteral(" -> \"%1\" lacks %%2")
                                              .arg(form, QStringList(missing.begin(), missing.end()).join(QStringLiteral(", %")));
            }
        }
    }
    return failures;
}

/// Names every failure on its own line (a QVERIFY2 message is cut short) and
/// returns the count for the verdict.
QString report(const QString& what, const QStringList& failures)
{
    for (const QString& failure : failures)
        qWarning().noquote() << what << "->" << failure;
    return QStringLiteral("%1 %2").arg(failures.size()).arg(what);
}

} // namespace

class TranslationsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void chineseIsComplete();
    void englishHasPluralForms();
    void placeholdersAreKept();
    void acceleratorsAreKept();

private:
    QList<Message> refreshed(const QString& tsName);

    QTemporaryDir m_dir;
    QList<Message> m_chinese;
    QList<Message> m_english;
};

QList<Message> TranslationsTest::refreshed(const QString& tsName)
{
    const QString original = QStringLiteral(TREELOCK_TS_DIR "/") + tsName;
    const QString copy = m_dir.filePath(tsName);
    if (!QFile::copy(original, copy)) {
        qWarning("cannot copy %s", qPrintable(original));
        return {};
    }
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(TREELOCK_LUPDATE),
                  {QStringLiteral("@" TREELOCK_LUPDATE_SOURCES), QStringLiteral("-no-obsolete"),
                   QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-ts"), copy});
    if (!lupdate.waitForFinished(120000) || lupdate.exitStatus() != QProcess::NormalExit || lupdate.exitCode() != 0) {
        qWarning("lupdate failed on %s: %s", qPrintable(tsName), lupdate.readAll().constData());
        return {};
    }
    return readTs(copy);
}

void TranslationsTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_chinese = refreshed(QStringLiteral("treelock_zh_CN.ts"));
    m_english = refreshed(QStringLiteral("treelock_en.ts"));
    // Studio has hundreds of strings; a handful means lupdate scanned the wrong files.
    QVERIFY2(m_chinese.size() > 300, qPrintable(QString::number(m_chinese.size())));
    QCOMPARE(m_english.size(), m_chinese.size());
}

void TranslationsTest::chineseIsComplete()
{
    QStringList failures;
    for (const Message& m : std::as_const(m_chinese)) {
        if (m.unfinished || hasEmptyForm(m))
            failures << describe(m);
        else if (m.numerus && m.forms.size() != 1)
            failures << describe(m) + QStringLiteral(" (Chinese has one plural form, not %1)").arg(m.forms.size());
    }
    QVERIFY2(failures.isEmpty(), qPrintable(report(QStringLiteral("untranslated in treelock_zh_CN.ts"), failures)));
}

void TranslationsTest::englishHasPluralForms()
{
    QStringList failures;
    for (const Message& m : std::as_const(m_english)) {
        if (!m.numerus)
            continue;
        if (m.unfinished || m.forms.size() != 2 || hasEmptyForm(m))
            failures << describe(m);
    }
    QVERIFY2(failures.isEmpty(), qPrintable(report(QStringLiteral("without singular and plural in treelock_en.ts"), failures)));
}

void TranslationsTest::placeholdersAreKept()
{
    const QStringList failures = missingPlaceholders(m_chinese, false) + missingPlaceholders(m_english, true);
    QVERIFY2(failures.isEmpty(), qPrintable(report(QStringLiteral("translations lose a placeholder"), failures)));
}

void TranslationsTest::acceleratorsAreKept()
{
    // "&Edit" becomes "编辑(&E)": the same key, so menus keep their keyboard access.
    static const QRegularExpression accelerator(QStringLiteral("(?<!&)&([A-Za-z0-9])"));
    QStringList failures;
    for (const Message& m : std::as_const(m_chinese)) {
        const QRegularExpressionMatch match = accelerator.match(m.source);
        if (!match.hasMatch() || hasEmptyForm(m))
            continue;
        const QString key = QLatin1Char('&') + match.captured(1);
        for (const QString& form : m.forms) {
            if (!form.contains(key, Qt::CaseInsensitive))
                failures << describe(m) + QStringLiteral(" -> \"%1\" lacks %2").arg(form, key);
        }
    }
    QVERIFY2(failures.isEmpty(), qPrintable(report(QStringLiteral("translations lose an accelerator"), failures)));
}

QTEST_GUILESS_MAIN(TranslationsTest)
#include "tst_translations.moc"
