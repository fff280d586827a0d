#pragma once

#include "commands.h"

#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace treelock::cli {

/// The passwords the command line or environment carries, longest first (shorter than
/// 4 characters left out). `urls`: anything that may be a Redis URL (unparsed arguments
/// included). The password must never reach the output, whatever a message quotes.
std::vector<std::string> secretsOf(const std::vector<std::string>& urls, const Environment& environment);

/// `text` with every secret replaced by "***".
std::string redact(std::string text, const std::vector<std::string>& secrets);

// Writes to `target` line by line with every secret replaced by "***": the
// second line of defence for everything the tool prints, stdout included.
// Passwords have no newline, so a line is the unit to scrub.
/// Scrubs every line written through it with redact().
class RedactingBuffer : public std::streambuf {
public:
    RedactingBuffer(std::ostream& target, std::vector<std::string> secrets)
        : m_target(target), m_secrets(std::move(secrets))
    {
    }
    ~RedactingBuffer() override { sync(); }
    RedactingBuffer(const RedactingBuffer&) = delete;
    RedactingBuffer& operator=(const RedactingBuffer&) = delete;

protected:
    int_type overflow(int_type ch) override
    {
        if (traits_type::eq_int_type(ch, traits_type::eof()))
            return traits_type::not_eof(ch);
        m_line += traits_type::to_char_type(ch);
        if (m_line.back() == '\n')
            emit();
        return ch;
    }

    std::streamsize xsputn(const char* text, std::streamsize count) override
    {
        for (std::streamsize i = 0; i < count; ++i)
            overflow(traits_type::to_int_type(text[i]));
        return count;
    }

    int sync() override
    {
        emit();
        m_target.flush();
        return m_target ? 0 : -1;
    }

private:
    void emit()
    {
        if (m_line.empty())
            return;
        m_target << redact(m_line, m_secrets);
        m_line.clear();
    }

    std::ostream& m_target; // Not owned.
    std::vector<std::string> m_secrets;
    std::string m_line; // Written up to the next newline or flush.
};

} // namespace treelock::cli
