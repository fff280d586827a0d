// quoteInput: the one way every layer puts user input into a message.

#include "treelock/error.h"

#include <gtest/gtest.h>

#include <string>

using namespace treelock;

TEST(QuoteInput, escapesControlCharactersQuotesAndBackslashes)
{
    EXPECT_EQ(quoteInput("a\"b\\c"), "\"a\\\"b\\\\c\"");
    EXPECT_EQ(quoteInput(std::string("a\nb\x7f", 4)), "\"a\\x0ab\\x7f\"");
    EXPECT_EQ(quoteInput("\xc2\x85"), "\"\\xc2\\x85\""); // C1 control (NEL)
}

TEST(QuoteInput, keepsValidUtf8AndEscapesInvalidBytes)
{
    EXPECT_EQ(quoteInput("/Bücher/日本"), "\"/Bücher/日本\"");
    EXPECT_EQ(quoteInput("a\xff" "b"), "\"a\\xffb\"");
    EXPECT_EQ(quoteInput("\xe0\x80\xaf"), "\"\\xe0\\x80\\xaf\""); // overlong
    EXPECT_EQ(quoteInput("\xe6\x97"), "\"\\xe6\\x97\"");           // truncated character
}

TEST(QuoteInput, neverSplitsAMultiByteCharacterAtTheLimit)
{
    // "日" is 3 bytes: a character that starts before the limit is shown whole.
    const std::string text = "ab日日cd"; // a b [3] [3] c d = 10 bytes
    EXPECT_EQ(quoteInput(text, 6), "\"ab日日\"... (10 bytes)");
    EXPECT_EQ(quoteInput(text, 5), "\"ab日\"... (10 bytes)");
    EXPECT_EQ(quoteInput(text, 2), "\"ab\"... (10 bytes)");
    EXPECT_EQ(quoteInput(text, 3), "\"ab日\"... (10 bytes)");
    EXPECT_EQ(quoteInput(text, 10), "\"ab日日cd\"");
}

TEST(QuoteInput, cutsLongInputAtTheDefaultLimit)
{
    const std::string text(kQuotedInputBytes - 1, 'x');
    const std::string shown = quoteInput(text + "é" + "tail");
    EXPECT_EQ(shown, "\"" + text + "é\"... (" + std::to_string(kQuotedInputBytes + 5) + " bytes)");
    EXPECT_EQ(quoteInput(text), "\"" + text + "\"");
}
