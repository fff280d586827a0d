#include "connection/tlsindicator.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace treelock::ui {

namespace {

/// A padlock, closed and green for a verified certificate, open and red for
/// one that is not, drawn at `size` logical pixels.
QPixmap lockPixmap(bool verified, int size, qreal dpr)
{
    QPixmap pixmap(QSize(size, size) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const QColor color = verified ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28);
    const qreal s = size;
    // The shackle: an arch above the body, lifted off its right post when open.
    QPen pen(color, s * 0.13);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    const qreal lift = verified ? 0 : s * 0.18;
    QPainterPath shackle;
    shackle.moveTo(s * 0.28, s * 0.48);
    shackle.lineTo(s * 0.28, s * 0.32);
    shackle.arcTo(QRectF(s * 0.28, s * 0.10, s * 0.44, s * 0.40), 180, -180);
    shackle.lineTo(s * 0.72, s * 0.48 - lift);
    p.translate(0, -lift / 2);
    p.drawPath(shackle);
    p.resetTransform();
    // The body.
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawRoundedRect(QRectF(s * 0.16, s * 0.46, s * 0.68, s * 0.46), s * 0.08, s * 0.08);
    p.setBrush(Qt::white);
    p.drawEllipse(QPointF(s * 0.5, s * 0.66), s * 0.07, s * 0.07);
    return pixmap;
}

} // namespace

TlsIndicator::TlsIndicator(QWidget* window) : QObject(window)
{
    m_status = new QWidget(window);
    m_status->setObjectName(QStringLiteral("tlsStatus"));
    m_icon = new QLabel(m_status);
    m_icon->setObjectName(QStringLiteral("tlsIcon"));
    m_subject = new QLabel(m_status);
    m_subject->setObjectName(QStringLiteral("tlsSubject"));
    m_subject->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QHBoxLayout(m_status);
    layout->setContentsMargins(8, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_icon);
    layout->addWidget(m_subject);
    m_status->hide();

    m_banner = new QFrame(window);
    m_banner->setObjectName(QStringLiteral("insecureBanner"));
    m_banner->setStyleSheet(QStringLiteral("#insecureBanner { background: #b71c1c; } "
                                           "#insecureBanner QLabel { color: white; font-weight: bold; }"));
    auto* text = new QLabel(tr("Not verifying the server's certificate: anyone on the path can read and change this "
                               "traffic. Turn verification on in File › Connect… (TLS)."),
                            m_banner);
    text->setObjectName(QStringLiteral("insecureText"));
    text->setWordWrap(true);
    auto* bannerLayout = new QHBoxLayout(m_banner);
    bannerLayout->setContentsMargins(10, 6, 10, 6);
    bannerLayout->addWidget(text, 1);
    m_banner->hide();
}

void TlsIndicator::show(const BackendInfo& info)
{
    const TlsPeerInfo& tls = info.tls;
    m_banner->setVisible(info.kind == BackendConfig::Kind::Url && tls.on && tls.insecure);
    if (info.kind != BackendConfig::Kind::Url || !tls.on) {
        m_status->hide();
        return;
    }
    const bool verified = tls.verified && !tls.insecure;
    m_icon->setPixmap(lockPixmap(verified, m_subject->fontMetrics().height(), m_status->devicePixelRatioF()));
    QString subject = tls.subject.isEmpty() ? tr("TLS") : tls.subject;
    if (!verified)
        subject = tr("%1 (not verified)").arg(subject);
    m_subject->setText(subject);
    QStringList tip;
    if (!tls.error.isEmpty()) {
        tip << tr("Connected over TLS; the server's certificate could not be read: %1").arg(tls.error);
    } else {
        tip << tr("Subject: %1").arg(tls.subject) << tr("Issuer: %1").arg(tls.issuer)
            << tr("Valid until: %1").arg(tls.notAfter) << tr("Protocol: %1").arg(tls.protocol);
    }
    tip << (verified ? tr("The certificate was verified.")
                     : tr("The certificate was NOT verified: anyone on the path can read and change this traffic."));
    const QString tooltip = tip.join(QLatin1Char('\n'));
    for (QWidget* w : {m_status, static_cast<QWidget*>(m_icon), static_cast<QWidget*>(m_subject)})
        w->setToolTip(tooltip);
    m_icon->setAccessibleName(verified ? tr("Encrypted, certificate verified") : tr("Encrypted, certificate not verified"));
    m_status->show();
}

} // namespace treelock::ui
