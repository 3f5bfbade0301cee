#include "reports/campaign/github_annotations.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(github_annotations)

BOOST_AUTO_TEST_CASE(an_error_names_file_line_and_column) {
  BOOST_TEST(GithubAnnotation(AnnotationLevel::kError, {"s/a.yaml", 12, 9}, "sink 'x': wrong") ==
             "::error file=s/a.yaml,line=12,col=9::sink 'x': wrong\n");
  BOOST_TEST(GithubAnnotation(AnnotationLevel::kWarning, {"s/a.yaml", 3, 0}, "w") ==
             "::warning file=s/a.yaml,line=3::w\n");
  BOOST_TEST(GithubAnnotation(AnnotationLevel::kError, {"", 0, 0}, "no file") ==
             "::error::no file\n");
}

BOOST_AUTO_TEST_CASE(message_escapes_percent_and_line_breaks_only) {
  // GitHub's rule: %, CR and LF in the message; ':' and ',' stay.
  BOOST_TEST(EscapeGithubMessage("100% a:b,c\r\nnext") == "100%25 a:b,c%0D%0Anext");
}

BOOST_AUTO_TEST_CASE(properties_also_escape_colon_and_comma) {
  BOOST_TEST(EscapeGithubProperty("a%b:c,d\ne") == "a%25b%3Ac%2Cd%0Ae");
  // A file name with a comma cannot end the property list early.
  BOOST_TEST(GithubAnnotation(AnnotationLevel::kError, {"x,line=1.yaml", 2, 1}, "m") ==
             "::error file=x%2Cline=1.yaml,line=2,col=1::m\n");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
