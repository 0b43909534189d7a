// TempDir: a fresh directory under $TMPDIR (or /tmp), removed with its
// contents when the object goes out of scope.
#ifndef XWDB_TESTS_TESTING_TEMP_DIR_H_
#define XWDB_TESTS_TESTING_TEMP_DIR_H_

#include <string>

namespace xwdb::testing {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // path() + "/" + name.
  std::string Sub(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Writes `contents` to `path` (binary), aborting the test binary on failure.
void WriteFile(const std::string& path, const std::string& contents);

// Reads a whole file; aborts on failure.
std::string ReadFile(const std::string& path);

}  // namespace xwdb::testing

#endif  // XWDB_TESTS_TESTING_TEMP_DIR_H_
