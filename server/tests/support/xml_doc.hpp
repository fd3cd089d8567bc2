#pragma once
// An XML document parsed by libxml2 (no network, no entity tricks), queried by XPath with the
// prefixes itunes, podcast, atom (RSS feeds) and sm (sitemaps), for tests that read the server's
// XML back the way a podcast app or crawler would.

#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include <memory>
#include <string>
#include <vector>

namespace ether::test {

/// A parsed XML document with XPath over the namespaces of RSS, iTunes, Podcasting 2.0 and sitemaps.
class Xml {
 public:
  explicit Xml(const std::string& text)
      : doc_(xmlReadMemory(text.data(), static_cast<int>(text.size()), "document.xml", nullptr,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING),
             xmlFreeDoc) {}

  [[nodiscard]] bool ok() const { return doc_ != nullptr; }

  /// The text of every node (element or attribute) the expression selects.
  [[nodiscard]] std::vector<std::string> all(const std::string& expression) const {
    std::vector<std::string> out;
    if (!doc_) return out;
    std::unique_ptr<xmlXPathContext, decltype(&xmlXPathFreeContext)> context(xmlXPathNewContext(doc_.get()),
                                                                             xmlXPathFreeContext);
    auto ns = [&](const char* prefix, const char* uri) {
      xmlXPathRegisterNs(context.get(), reinterpret_cast<const xmlChar*>(prefix),
                         reinterpret_cast<const xmlChar*>(uri));
    };
    ns("itunes", "http://www.itunes.com/dtds/podcast-1.0.dtd");
    ns("podcast", "https://podcastindex.org/namespace/1.0");
    ns("atom", "http://www.w3.org/2005/Atom");
    ns("sm", "http://www.sitemaps.org/schemas/sitemap/0.9");
    std::unique_ptr<xmlXPathObject, decltype(&xmlXPathFreeObject)> result(
        xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(expression.c_str()), context.get()),
        xmlXPathFreeObject);
    if (!result || !result->nodesetval) return out;
    for (int i = 0; i < result->nodesetval->nodeNr; ++i) {
      xmlChar* content = xmlNodeGetContent(result->nodesetval->nodeTab[i]);
      out.emplace_back(content ? reinterpret_cast<const char*>(content) : "");
      xmlFree(content);
    }
    return out;
  }

  /// The one node's text; "<n matches>" when there is not exactly one.
  [[nodiscard]] std::string one(const std::string& expression) const {
    auto list = all(expression);
    return list.size() == 1 ? list[0] : std::string("<" + std::to_string(list.size()) + " matches>");
  }

 private:
  std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)> doc_;
};

}  // namespace ether::test
