#include "reports/text/markup_escape.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(markup_escape)

BOOST_AUTO_TEST_CASE(html_escape_turns_every_markup_character_into_an_entity) {
  BOOST_TEST(HtmlEscape("<td a=\"x\" b='y'>&</td>") ==
             "&lt;td a=&quot;x&quot; b=&#39;y&#39;&gt;&amp;&lt;/td&gt;");
}

BOOST_AUTO_TEST_CASE(xml_escape_drops_characters_xml_forbids) {
  BOOST_TEST(XmlEscape(std::string("a\x01<b>&\"'\tc\x1f")) == "a&lt;b&gt;&amp;&quot;&apos;\tc");
}

// A trace's bytes need not be UTF-8; junit.xml must be, or a CI's parser
// rejects the whole file. Well-formed characters pass (é is C3 A9, € E2 82 AC,
// 𝄞 F0 9D 84 9E); each byte that starts no character becomes U+FFFD: a lone
// FF, a continuation byte, C0 80 (an overlong NUL), ED A0 80 (a surrogate),
// F4 90 80 80 (above U+10FFFF), a sequence cut short, and EF BF BE (U+FFFE).
BOOST_AUTO_TEST_CASE(xml_escape_replaces_what_is_no_utf8_character) {
  const std::string fffd = "\xEF\xBF\xBD";
  BOOST_TEST(XmlEscape("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E") ==
             "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E");
  BOOST_TEST(XmlEscape("a\xFF"
                       "b") == "a" + fffd + "b");
  BOOST_TEST(XmlEscape("\x80") == fffd);
  BOOST_TEST(XmlEscape("\xC0\x80") == fffd + fffd);
  BOOST_TEST(XmlEscape("\xED\xA0\x80") == fffd + fffd + fffd);
  BOOST_TEST(XmlEscape("\xF4\x90\x80\x80") == fffd + fffd + fffd + fffd);
  BOOST_TEST(XmlEscape("\xE2\x82") == fffd + fffd);
  BOOST_TEST(XmlEscape("\xEF\xBF\xBE") == fffd + fffd + fffd);
}

BOOST_AUTO_TEST_CASE(markdown_text_escapes_inline_markup) {
  BOOST_TEST(MarkdownText("<img src=x onerror=alert(1)>") == "\\<img src=x onerror=alert(1)\\>");
  BOOST_TEST(MarkdownText("[x](javascript:alert(1))") == "\\[x\\](javascript:alert(1))");
  BOOST_TEST(MarkdownText("*a* `b` ~~c~~ a|b &lt; \\") ==
             "\\*a\\* \\`b\\` \\~\\~c\\~\\~ a\\|b \\&lt; \\\\");
  BOOST_TEST(MarkdownText("![i](u)") == "\\!\\[i\\](u)");
}

BOOST_AUTO_TEST_CASE(markdown_text_keeps_underscores_inside_words_only) {
  BOOST_TEST(MarkdownText("late_readings") == "late_readings");
  BOOST_TEST(MarkdownText("_x_ a_ _b") == "\\_x\\_ a\\_ \\_b");
}

BOOST_AUTO_TEST_CASE(markdown_text_is_one_line_and_cannot_start_a_block) {
  BOOST_TEST(MarkdownText("a\nb\r\nc") == "a b  c");
  BOOST_TEST(MarkdownText("# title") == "\\# title");
  BOOST_TEST(MarkdownText("- item") == "\\- item");
  BOOST_TEST(MarkdownText("12. item") == "12\\. item");
  BOOST_TEST(MarkdownText("3) item") == "3\\) item");
  BOOST_TEST(MarkdownText("21.75") == "21\\.75");
  BOOST_TEST(MarkdownText("\n    === ") == "\\===");
  BOOST_TEST(MarkdownText(" \t") == "");
  BOOST_TEST(MarkdownText("12 items") == "12 items");
}

BOOST_AUTO_TEST_CASE(markdown_cells_escape_inline_markup_but_start_no_block) {
  BOOST_TEST(MarkdownCell("-5") == "-5");
  BOOST_TEST(MarkdownCell("21.75") == "21.75");
  BOOST_TEST(MarkdownCell("# a|<b>") == "# a\\|\\<b\\>");
}

BOOST_AUTO_TEST_CASE(markdown_code_fences_past_every_backtick_run) {
  BOOST_TEST(MarkdownCode("a.yaml", false) == "`a.yaml`");
  BOOST_TEST(MarkdownCode("a``b", false) == "```a``b```");
  BOOST_TEST(MarkdownCode("`x", false) == "`` `x ``");
  BOOST_TEST(MarkdownCode("a|b\nc", true) == "`a\\|b c`");
  BOOST_TEST(MarkdownCode("a|b", false) == "`a|b`");
}

BOOST_AUTO_TEST_CASE(markdown_code_block_cannot_be_closed_by_its_text) {
  BOOST_TEST(MarkdownCodeBlock("x\n") == "```\nx\n```\n");
  BOOST_TEST(MarkdownCodeBlock("```\n<b>") == "````\n```\n<b>\n````\n");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
