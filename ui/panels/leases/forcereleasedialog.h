#pragma once

#include <treelock/engine.h>

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace treelock::ui {

/// Confirms a forced release of one lease and asks why (the reason, operator
/// and host are written to the project's event stream).
class ForceReleaseDialog : public QDialog {
    Q_OBJECT
public:
    ForceReleaseDialog(const LeaseInfo& lease, bool expired, const QString& operatorName,
                       const QString& host, QWidget* parent = nullptr);
    QString reason() const;

private:
    QLineEdit* m_reason;
    QPushButton* m_ok;
};

} // namespace treelock::ui
