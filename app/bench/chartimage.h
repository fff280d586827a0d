#pragma once

#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QFont>
#include <QImage>
#include <QPainter>
#include <QPixmap>
#include <QStringList>

#include <stdexcept>
#include <string>
#include <vector>

namespace treelock::bench {

/// Writes `charts` side by side, each `panelW` x `panelH` pixels, under a bold
/// `title` and one small centred line per entry of `notes`, as a PNG. Takes the
/// charts (each is deleted with the view that renders it). Needs a QApplication
/// (offscreenApplicationIfNone()); GUI thread only. Throws std::runtime_error
/// when the file cannot be written.
inline void writeChartsPng(const QString& title, const QStringList& notes, const std::vector<QChart*>& charts,
                           int panelW, int panelH, const std::string& file)
{
    const int header = 30 + 22 * int(notes.size()) + 4;
    QImage image(panelW * int(charts.size()), panelH + header, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QFont font = painter.font();
    font.setPointSize(13);
    font.setBold(true);
    painter.setFont(font);
    painter.drawText(QRect(0, 4, image.width(), 26), Qt::AlignCenter, title);
    font.setPointSize(9);
    font.setBold(false);
    painter.setFont(font);
    for (int i = 0; i < notes.size(); ++i)
        painter.drawText(QRect(0, 30 + 22 * i, image.width(), 22), Qt::AlignCenter, notes[i]);
    for (std::size_t i = 0; i < charts.size(); ++i) {
        QChartView view(charts[i]);
        view.setRenderHint(QPainter::Antialiasing);
        view.resize(panelW, panelH);
        view.show();
        painter.drawPixmap(int(i) * panelW, header, view.grab());
    }
    painter.end();
    if (!image.save(QString::fromStdString(file), "PNG"))
        throw std::runtime_error("--plot: cannot write " + file);
}

} // namespace treelock::bench
