#include "http/static_assets.hpp"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <spdlog/spdlog.h>
#include <zlib.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "http/byte_response.hpp"
#include "http/mime.hpp"
#include "http/range.hpp"

namespace ether::http {
namespace {

constexpr std::size_t kMinCompressSize = 1024;

double parse_q(std::string_view params) {
  // params: ";q=0.5" possibly with other parameters
  while (!params.empty()) {
    auto semi = params.find(';');
    std::string_view param = trim_blanks(params.substr(0, semi));
    if (param.size() >= 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
      try {
        double q = std::stod(std::string(param.substr(2)));
        return q < 0 ? 0 : (q > 1 ? 1 : q);
      } catch (const std::exception&) {
        return 0;
      }
    }
    if (semi == std::string_view::npos) break;
    params.remove_prefix(semi + 1);
  }
  return 1;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream out;
  out << in.rdbuf();
  return std::move(out).str();
}

std::optional<std::string> read_if_present(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  return read_file(path);
}

}  // namespace

Encoding choose_encoding(std::string_view accept_encoding, bool has_brotli, bool has_gzip) {
  double q_br = -1, q_gzip = -1, q_identity = -1, q_any = -1;
  std::string_view rest = accept_encoding;
  while (!rest.empty()) {
    auto comma = rest.find(',');
    std::string_view item = trim_blanks(rest.substr(0, comma));
    auto semi = item.find(';');
    std::string_view coding = trim_blanks(item.substr(0, semi));
    double q = semi == std::string_view::npos ? 1.0 : parse_q(item.substr(semi + 1));
    if (iequals(coding, "br"))
      q_br = q;
    else if (iequals(coding, "gzip") || iequals(coding, "x-gzip"))
      q_gzip = q;
    else if (iequals(coding, "identity"))
      q_identity = q;
    else if (coding == "*")
      q_any = q;
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (q_br < 0) q_br = q_any < 0 ? 0 : q_any;
  if (q_gzip < 0) q_gzip = q_any < 0 ? 0 : q_any;
  // Identity is acceptable unless named with q=0; it only competes when the client names it.
  if (q_identity < 0) q_identity = 0;
  if (has_brotli && q_br > 0 && q_br >= q_gzip && q_br >= q_identity) return Encoding::brotli;
  if (has_gzip && q_gzip > 0 && q_gzip >= q_identity) return Encoding::gzip;
  if (has_brotli && q_br > 0 && q_br >= q_identity) return Encoding::brotli;
  return Encoding::identity;
}

std::string gzip_compress(std::string_view bytes, int level) {
  z_stream stream{};
  if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("zlib deflateInit2 failed");
  }
  std::string out;
  out.resize(deflateBound(&stream, static_cast<uLong>(bytes.size())));
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (rc != Z_STREAM_END) throw std::runtime_error("zlib deflate failed");
  return out;
}

std::string brotli_compress(std::string_view bytes, int quality) {
  std::string out;
  out.resize(BrotliEncoderMaxCompressedSize(bytes.size()));
  std::size_t out_size = out.size();
  if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, bytes.size(),
                             reinterpret_cast<const uint8_t*>(bytes.data()), &out_size,
                             reinterpret_cast<uint8_t*>(out.data()))) {
    throw std::runtime_error("brotli compression failed");
  }
  out.resize(out_size);
  return out;
}

std::optional<std::string> gzip_decompress(std::string_view compressed, std::size_t max_size) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return std::nullopt;
  std::string out(max_size, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  stream.avail_in = static_cast<uInt>(compressed.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  const bool whole = rc == Z_STREAM_END && stream.avail_in == 0;
  inflateEnd(&stream);
  if (!whole) return std::nullopt;
  return out;
}

std::optional<std::string> brotli_decompress(std::string_view compressed, std::size_t max_size) {
  std::string out(max_size, '\0');
  std::size_t size = out.size();
  if (BrotliDecoderDecompress(compressed.size(), reinterpret_cast<const uint8_t*>(compressed.data()), &size,
                              reinterpret_cast<uint8_t*>(out.data())) != BROTLI_DECODER_RESULT_SUCCESS) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

void compress_response(const Request& request, Response& response) {
  if (response.streaming || response.has_shared_body() || response.body.size() < kMinCompressSize ||
      response.status == 206 || response.has_header("Content-Encoding") ||
      !is_compressible(response.header("Content-Type"))) {
    return;
  }
  Encoding encoding = choose_encoding(request.header("Accept-Encoding"), true, true);
  // A page varies by its cookies too (the consent box): keep what the handler said.
  std::string vary(response.header("Vary"));
  response.set_header("Vary", vary.empty() ? "Accept-Encoding" : vary + ", Accept-Encoding");
  if (encoding == Encoding::identity) return;
  const bool br = encoding == Encoding::brotli;
  std::string compressed = br ? brotli_compress(response.body, 5) : gzip_compress(response.body, 6);
  response.body = std::move(compressed);
  response.set_header("Content-Encoding", br ? "br" : "gzip");
  std::string etag(response.header("ETag"));
  if (etag.size() >= 2 && etag.back() == '"') {
    etag.insert(etag.size() - 1, br ? "-br" : "-gz");
    response.set_header("ETag", etag);
    if (response.status == 200 && if_none_match(request.header("If-None-Match"), etag)) {
      response.status = 304;
      response.body.clear();
    }
  }
}

StaticAssets StaticAssets::load(const std::filesystem::path& dir) {
  StaticAssets assets;
  const auto started = std::chrono::steady_clock::now();
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    spdlog::warn("static assets: directory {} not found; no static files are served", dir.string());
    return assets;
  }
  std::vector<std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file()) files.push_back(it->path());
  }
  if (ec) throw std::runtime_error("cannot read " + dir.string() + ": " + ec.message());
  std::size_t copies_used = 0;
  for (const auto& path : files) {
    // "app.js.br" beside "app.js" is the build's copy of it, not a file of its own.
    const std::string extension = path.extension().string();
    if ((extension == ".br" || extension == ".gz") &&
        std::filesystem::is_regular_file(path.parent_path() / path.stem()))
      continue;
    std::string url_path = "/" + std::filesystem::relative(path, dir).generic_string();
    if (url_path == "/index.html") continue;
    Precompressed copies{read_if_present(path.string() + ".br"), read_if_present(path.string() + ".gz")};
    copies_used += assets.add(std::move(url_path), read_file(path), std::move(copies));
  }
  spdlog::info(
      "static assets: {} files from {}, {} compressed copies from the build, ready in {} ms", assets.size(),
      dir.string(), copies_used,
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  return assets;
}

std::size_t StaticAssets::add(std::string url_path, std::string bytes, Precompressed copies) {
  StaticFile file;
  file.content_type = std::string(content_type_for(url_path));
  file.cache_control = url_path.starts_with("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
  file.etag = strong_etag(bytes);
  std::string hex = file.etag.substr(1, file.etag.size() - 2);
  std::size_t copies_used = 0;
  // One encoding: the build's copy where it decodes to exactly the file (a copy left from an older
  // build, or cut short, does not), else compressed here; kept with its tag only when it saves at
  // least a tenth.
  const auto encode = [&](std::optional<std::string>& copy, auto decompress, auto compress,
                          std::shared_ptr<const std::string>& kept, std::string& kept_etag, std::string_view suffix) {
    std::string encoded;
    if (copy && decompress(*copy, bytes.size() + 1) == bytes) {
      encoded = std::move(*copy);
      ++copies_used;
    } else {
      encoded = compress(bytes);
    }
    if (encoded.size() * 10 < bytes.size() * 9) {
      kept = std::make_shared<const std::string>(std::move(encoded));
      kept_etag = "\"" + hex + std::string(suffix) + "\"";
    }
  };
  if (bytes.size() >= kMinCompressSize && is_compressible(file.content_type)) {
    encode(
        copies.brotli, brotli_decompress, [](std::string_view b) { return brotli_compress(b); }, file.brotli,
        file.brotli_etag, "-br");
    encode(
        copies.gzip, gzip_decompress, [](std::string_view b) { return gzip_compress(b); }, file.gzip, file.gzip_etag,
        "-gz");
  }
  file.identity = std::make_shared<const std::string>(std::move(bytes));
  files_.insert_or_assign(std::move(url_path), std::move(file));
  return copies_used;
}

const StaticFile* StaticAssets::find(std::string_view url_path) const {
  auto it = files_.find(url_path);
  return it == files_.end() ? nullptr : &it->second;
}

std::optional<Response> StaticAssets::serve(const Request& request) const {
  const StaticFile* file = find(request.path);
  if (!file) return std::nullopt;
  const bool compressed = file->brotli || file->gzip;

  Representation rep;
  rep.content_type = file->content_type;
  rep.bytes = file->identity;
  rep.etag = file->etag;
  // A Range applies to the identity bytes, so a ranged request is answered without compression.
  if (request.header("Range").empty()) {
    switch (choose_encoding(request.header("Accept-Encoding"), file->brotli != nullptr, file->gzip != nullptr)) {
      case Encoding::brotli:
        rep.bytes = file->brotli;
        rep.etag = file->brotli_etag;
        rep.content_encoding = "br";
        break;
      case Encoding::gzip:
        rep.bytes = file->gzip;
        rep.etag = file->gzip_etag;
        rep.content_encoding = "gzip";
        break;
      case Encoding::identity:
        break;
    }
  }
  rep.ranges = rep.content_encoding.empty();

  Request conditional_view;
  const Request* effective = &request;
  std::string_view inm = request.header("If-None-Match");
  if (!inm.empty() && !if_none_match(inm, rep.etag) &&
      (if_none_match(inm, file->etag) || (file->brotli && if_none_match(inm, file->brotli_etag)) ||
       (file->gzip && if_none_match(inm, file->gzip_etag)))) {
    // The client holds another encoding of the same bytes: still current.
    conditional_view.headers.emplace("If-None-Match", "*");
    effective = &conditional_view;
  }
  Response response = respond_with(*effective, rep);
  response.set_header("Cache-Control", file->cache_control);
  if (compressed) response.set_header("Vary", "Accept-Encoding");
  return response;
}

}  // namespace ether::http
