#include "tools/xwdb/word_list_files.h"

#include "core/import/input_text.h"

namespace xwdb::cli {

void AddListOption(CLI::App* app, std::vector<std::string>* files) {
  app->add_option("--list", *files,
                  "Your word list (WORD;SCORE[;CLUE] lines; a score of -1 blocks the word) over the dictionary; "
                  "a later list wins (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
}

absl::Status ApplyListFiles(const std::vector<std::string>& files, Normalizer* normalizer,
                            std::shared_ptr<const MaskIndex>* index, const std::string& command, Io& io,
                            OwnClues* own) {
  if (files.empty()) return absl::OkStatus();
  std::vector<WordList> lists;
  for (const std::string& path : files) {
    auto text = ReadWholeFile(path);
    if (!text.ok()) return text.status();
    WordList::ReadResult read = WordList::Read(*text, path, normalizer);
    for (const std::string& problem : read.problems) io.err << "xwdb " << command << ": " << problem << "\n";
    lists.push_back(std::move(read.list));
  }
  std::vector<const WordList*> pointers;
  for (const WordList& list : lists) pointers.push_back(&list);
  *index = MaskIndex::Edited(*index, IndexEdits(**index, pointers));
  if (own != nullptr) AddListClues((*index)->alphabet(), pointers, own);
  return absl::OkStatus();
}

}  // namespace xwdb::cli
