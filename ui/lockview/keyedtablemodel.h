#pragma once

#include <QAbstractTableModel>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::ui {

/// A table whose rows show the items of a list that comes anew with every
/// snapshot (leases, waiters, contended paths), each item known by a text key.
/// Rows keep their order from one list to the next, so a view's selection and
/// scroll position survive; sync() moves them to the new list with as few model
/// signals as a sorting proxy can take.
class KeyedTableModel : public QAbstractTableModel {
protected:
    using QAbstractTableModel::QAbstractTableModel;

    using KeyIndex = std::unordered_map<std::string, std::uint32_t>; ///< key -> index in a list

    /// Each item's index in a list of `count` items, by the key `keyOf(i)` gives.
    template <class KeyOf>
    static KeyIndex indexKeys(std::uint32_t count, KeyOf keyOf)
    {
        KeyIndex index;
        index.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i)
            index.emplace(keyOf(i), i);
        return index;
    }

    /// Moves the rows to a new list of `count` items (`next`: its indexKeys): rows whose key is gone are
    /// removed bottom-up, one call per contiguous range; the others are
    /// re-pointed at their item in the new list; `adopt()` then stores the new
    /// list (data() reads it from here on); rows whose item `changed(old index,
    /// new index)` says changed get dataChanged, one call per contiguous range;
    /// new keys are appended in one insert. `oldKey(i)` (called only when
    /// `hadList`) and `newKey(i)` give item i's key in the old and the new list.
    template <class OldKey, class NewKey, class Changed, class Adopt>
    void sync(const KeyIndex& next, bool hadList, std::uint32_t count, OldKey oldKey, NewKey newKey, Changed changed,
              Adopt adopt)
    {
        if (hadList) {
            const auto gone = [&](int row) { return !next.contains(oldKey(m_rows[std::size_t(row)])); };
            int row = int(m_rows.size()) - 1;
            while (row >= 0) {
                if (!gone(row)) {
                    --row;
                    continue;
                }
                const int last = row;
                while (row >= 0 && gone(row))
                    --row;
                beginRemoveRows({}, row + 1, last);
                m_rows.erase(m_rows.begin() + row + 1, m_rows.begin() + last + 1);
                endRemoveRows();
            }
        }

        std::vector<int> touched;
        m_rowOf.clear();
        for (std::size_t row = 0; row < m_rows.size(); ++row) {
            std::string key = oldKey(m_rows[row]);
            const std::uint32_t idx = next.at(key);
            if (changed(m_rows[row], idx))
                touched.push_back(int(row));
            m_rows[row] = idx;
            m_rowOf.emplace(std::move(key), int(row));
        }
        adopt();
        std::size_t i = 0;
        while (i < touched.size()) {
            std::size_t j = i;
            while (j + 1 < touched.size() && touched[j + 1] == touched[j] + 1)
                ++j;
            emit dataChanged(index(touched[i], 0), index(touched[j], columnCount() - 1));
            i = j + 1;
        }

        std::vector<std::uint32_t> added;
        for (std::uint32_t k = 0; k < count; ++k)
            if (!m_rowOf.contains(newKey(k)))
                added.push_back(k);
        if (!added.empty()) {
            const int first = int(m_rows.size());
            beginInsertRows({}, first, first + int(added.size()) - 1);
            for (std::uint32_t k : added) {
                m_rowOf.emplace(newKey(k), int(m_rows.size()));
                m_rows.push_back(k);
            }
            endInsertRows();
        }
    }

    /// The row showing the item with `key`, or -1.
    int rowOfKey(const std::string& key) const
    {
        const auto it = m_rowOf.find(key);
        return it == m_rowOf.end() ? -1 : it->second;
    }

    std::vector<std::uint32_t> m_rows;          ///< row -> index into the shown list
    std::unordered_map<std::string, int> m_rowOf; ///< key -> row
};

} // namespace treelock::ui
