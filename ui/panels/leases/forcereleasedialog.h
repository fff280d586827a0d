#pragma once

#include <treelock/engine.h>

#include <QDialog>
#include <QStringList>

#include <vector>

class QComboBox;
class QPushButton;

namespace treelock::ui {

/// One thing a force-release dialog releases: a lease (live or expired) or an
/// older waiter's place in the queue (Engine::cancelWait).
struct ReleaseItem {
    LeaseId id;
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests;
    std::uint64_t fence = 0;
    bool expired = false;               ///< a lease that has expired: releasing it only removes it
    bool waiter = false;                ///< an older waiter that holds the request back
};

/// Confirms a forced release and asks why (the reason, operator and host are
/// written to the project's event stream). One lease, or everything in a
/// waiter's way (`context` names the waiter). The reason starts as the last
/// one given, and offers the recent ones and a few presets, so a release can
/// be confirmed with the mouse alone; Enter confirms, Esc cancels.
class ForceReleaseDialog : public QDialog {
    Q_OBJECT
public:
    ForceReleaseDialog(const std::vector<ReleaseItem>& items, const QString& context, const QStringList& recentReasons,
                       const QString& operatorName, const QString& host, QWidget* parent = nullptr);
    QString reason() const;

    /// Reasons offered to everyone, after the user's own recent ones.
    static QStringList presetReasons();
    /// `recent` with `reason` first, without repeats, at most 8.
    static QStringList remember(QStringList recent, const QString& reason);

private:
    QComboBox* m_reason;
    QPushButton* m_ok;
};

} // namespace treelock::ui
