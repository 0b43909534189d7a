#include "core/index/index_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>

#include <xxhash.h>

#include "absl/strings/str_cat.h"

namespace xwdb {

namespace {

constexpr char kMagic[8] = {'X', 'W', 'D', 'B', 'M', 'I', 'D', 'X'};
constexpr uint32_t kLittleEndian = 1;

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t byte_order;  // kLittleEndian on the machine that wrote it
  uint64_t generation;
  uint64_t clues;
  uint64_t payload_size;
  uint64_t checksum;  // XXH3-64 of the payload
};
static_assert(sizeof(Header) == 48);

std::string ErrnoText() { return std::strerror(errno); }

// A read-only mapping of a whole file, unmapped when it goes.
class MappedFile {
 public:
  ~MappedFile() {
    if (data_ != nullptr) munmap(data_, size_);
  }
  absl::Status Open(const std::string& path) {
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      return errno == ENOENT ? absl::NotFoundError(absl::StrCat(path, ": no index file"))
                             : absl::UnavailableError(absl::StrCat(path, ": ", ErrnoText()));
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
      close(fd);
      return absl::UnavailableError(absl::StrCat(path, ": ", ErrnoText()));
    }
    size_ = static_cast<size_t>(st.st_size);
    if (size_ > 0) {
      // Populated at once: the checksum reads every page anyway, and one
      // call costs less than a fault per page.
      void* data = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (data == MAP_FAILED) {
        close(fd);
        return absl::UnavailableError(absl::StrCat(path, ": ", ErrnoText()));
      }
      data_ = data;
    }
    close(fd);
    return absl::OkStatus();
  }
  absl::string_view bytes() const { return absl::string_view(static_cast<const char*>(data_), size_); }

 private:
  void* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace

absl::StatusOr<KeptIndex> ParseIndexFile(absl::string_view bytes, uint64_t generation, absl::string_view name) {
  Header h;
  if (bytes.size() < sizeof h) return absl::DataLossError(absl::StrCat(name, ": shorter than its header"));
  std::memcpy(&h, bytes.data(), sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) {
    return absl::DataLossError(absl::StrCat(name, ": not an xwdb index file"));
  }
  if (h.version != kIndexFileVersion || h.byte_order != kLittleEndian || generation != h.generation) {
    return absl::FailedPreconditionError(absl::StrCat(name, ": stale (version ", h.version, ", generation ",
                                                      h.generation, "; wanted version ", kIndexFileVersion,
                                                      ", generation ", generation, ")"));
  }
  const absl::string_view payload = bytes.substr(sizeof h);
  if (payload.size() != h.payload_size) {
    return absl::DataLossError(absl::StrCat(name, ": ", payload.size(), " bytes after the header; the header says ",
                                            h.payload_size, " (a file cut short?)"));
  }
  if (XXH3_64bits(payload.data(), payload.size()) != h.checksum) {
    return absl::DataLossError(absl::StrCat(name, ": the checksum does not match the content"));
  }
  auto index = MaskIndex::Deserialize(payload);
  if (!index.ok()) return absl::DataLossError(absl::StrCat(name, ": ", index.status().message()));
  return KeptIndex{*std::move(index), h.clues};
}

absl::StatusOr<KeptIndex> ReadIndexFile(const std::string& path, uint64_t generation) {
  MappedFile file;
  if (absl::Status s = file.Open(path); !s.ok()) return s;
  return ParseIndexFile(file.bytes(), generation, path);
}

absl::Status WriteIndexFile(const std::string& path, uint64_t generation, const MaskIndex& index, uint64_t clues) {
  static_assert(std::endian::native == std::endian::little, "the index file is written little-endian");
  std::string file(sizeof(Header), '\0');
  index.Serialize(&file);
  Header h;
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kIndexFileVersion;
  h.byte_order = kLittleEndian;
  h.generation = generation;
  h.clues = clues;
  h.payload_size = file.size() - sizeof h;
  h.checksum = XXH3_64bits(file.data() + sizeof h, h.payload_size);
  std::memcpy(file.data(), &h, sizeof h);
  // Unique to this call: two loaders (threads or processes) may write the
  // same file at once; each renames its own whole file.
  static std::atomic<uint64_t> calls{0};
  const std::string temp = absl::StrCat(path, ".tmp.", getpid(), ".", calls.fetch_add(1));
  const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return absl::UnavailableError(absl::StrCat(temp, ": ", ErrnoText()));
  for (size_t at = 0; at < file.size();) {
    const ssize_t n = write(fd, file.data() + at, file.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = ErrnoText();
      close(fd);
      unlink(temp.c_str());
      return absl::UnavailableError(absl::StrCat(temp, ": ", why));
    }
    at += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    const std::string why = ErrnoText();
    unlink(temp.c_str());
    return absl::UnavailableError(absl::StrCat(temp, ": ", why));
  }
  if (rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = ErrnoText();
    unlink(temp.c_str());
    return absl::UnavailableError(absl::StrCat(path, ": ", why));
  }
  return absl::OkStatus();
}

}  // namespace xwdb
