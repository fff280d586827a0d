#include "common/filterchip.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace treelock::ui {

FilterChip::FilterChip(const QString& objectName, const QString& clearName, const QString& clearText,
                       QWidget* parent)
    : QFrame(parent)
{
    setObjectName(objectName);
    setStyleSheet(QStringLiteral("#%1 { background: #e3eefb; border: 1px solid #90b4e0; border-radius: 10px; }")
                      .arg(objectName));
    m_label = new QLabel(this);
    auto* clear = new QToolButton(this);
    clear->setObjectName(clearName);
    clear->setText(QStringLiteral("✕"));
    clear->setAccessibleName(clearText);
    clear->setToolTip(clearText);
    clear->setAutoRaise(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 0, 2, 0);
    layout->addWidget(m_label);
    layout->addWidget(clear);
    hide();
    connect(clear, &QToolButton::clicked, this, &FilterChip::clearRequested);
}

void FilterChip::showFilter(bool active, const QString& text)
{
    m_label->setText(text);
    setVisible(active);
}

} // namespace treelock::ui
