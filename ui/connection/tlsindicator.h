#pragma once

#include "lockview/lockstate.h"

#include <QObject>

class QFrame;
class QLabel;
class QWidget;

namespace treelock::ui {

/// What the main window shows of a TLS connection: in the status bar a lock
/// and the server certificate's subject (the tooltip: issuer, expiry,
/// protocol), and, while the certificate is not verified, a banner that stays
/// until another backend is opened.
class TlsIndicator : public QObject {
    Q_OBJECT
public:
    explicit TlsIndicator(QWidget* window);
    /// For the status bar (permanent widget); hidden when the backend is not TLS.
    QWidget* statusWidget() const { return m_status; }
    /// For above the views; hidden unless verification is off.
    QFrame* banner() const { return m_banner; }
    void show(const BackendInfo& info);

private:
    QWidget* m_status;
    QLabel* m_icon;
    QLabel* m_subject;
    QFrame* m_banner;
};

} // namespace treelock::ui
