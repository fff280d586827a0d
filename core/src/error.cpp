#include "treelock/error.h"

namespace treelock {

// A huge rejected input must not make a huge message, hence the cut.
std::string quoteInput(std::string_view text, std::size_t maxBytes)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    const auto escapeByte = [&out](unsigned char byte) {
        out += "\\x";
        out += kHex[byte >> 4];
        out += kHex[byte & 0xf];
    };
    const auto isContinuation = [&text](std::size_t at) {
        return at < text.size() && (static_cast<unsigned char>(text[at]) & 0xc0) == 0x80;
    };

    std::size_t i = 0;
    while (i < text.size() && i < maxBytes) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7f) {
            escapeByte(byte);
            ++i;
            continue;
        }
        if (byte < 0x80) {
            if (byte == '"' || byte == '\\')
                out += '\\';
            out += static_cast<char>(byte);
            ++i;
            continue;
        }
        // Strict UTF-8 (no overlongs, surrogates or values above U+10FFFF).
        std::size_t length = 0;
        char32_t cp = 0;
        if (byte >= 0xc2 && byte <= 0xdf) {
            length = 2;
            cp = byte & 0x1f;
        } else if (byte >= 0xe0 && byte <= 0xef) {
            length = 3;
            cp = byte & 0x0f;
        } else if (byte >= 0xf0 && byte <= 0xf4) {
            length = 4;
            cp = byte & 0x07;
        }
        bool valid = length > 0;
        for (std::size_t k = 1; valid && k < length; ++k) {
            valid = isContinuation(i + k);
            if (valid)
                cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3f);
        }
        if (valid) {
            valid = !(length == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)))
                    && !(length == 4 && (cp < 0x10000 || cp > 0x10ffff));
        }
        if (!valid) {
            escapeByte(byte);
            ++i;
            continue;
        }
        if (cp >= 0x80 && cp <= 0x9f) {
            for (std::size_t k = 0; k < length; ++k)
                escapeByte(static_cast<unsigned char>(text[i + k]));
        } else {
            out.append(text.substr(i, length));
        }
        i += length;
    }
    out += '"';
    if (i < text.size())
        out += "... (" + std::to_string(text.size()) + " bytes)";
    return out;
}

} // namespace treelock
