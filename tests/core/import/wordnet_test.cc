// WordNet clues: sense ranks, definitions from glosses, synonyms, and clues
// derived for inflected forms, piece by piece and through a real import of
// a small WordNet directory written by the test.
#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/import/derived_clue.h"
#include "core/import/english_inflection.h"
#include "core/import/importer.h"
#include "core/import/wordnet_gloss.h"
#include "core/import/wordnet_reader.h"
#include "core/import/wordnet_senses.h"
#include "core/store/schema.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

using ::xwdb::testing::TempDir;
using ::xwdb::testing::WriteFile;

// A small WordNet: TEAR (a rare noun sense and two verb senses), PATH,
// OBEY, TENT, WEB, BIGAMIST, LOTUS, FAST, GLASSES (a lemma of its own) and
// GLASS.
constexpr char kIndexNoun[] =
    "  1 This software and database is being provided\n"
    "tear n 2 1 @ 2 1 00000100 00000200\n"
    "teardrop n 1 1 @ 1 0 00000100\n"
    "path n 1 1 @ 1 1 00000300\n"
    "route n 1 1 @ 1 1 00000300\n"
    "tent n 1 1 @ 1 1 00000400\n"
    "web n 1 1 @ 1 1 00000500\n"
    "bigamist n 1 1 @ 1 0 00000600\n"
    "lotus n 1 1 @ 1 0 00000700\n"
    "glass n 1 1 @ 1 1 00000800\n"
    "glasses n 1 1 @ 1 1 00000900\n"
    "drop n 1 1 @ 1 0 00001000\n"
    "shelter n 1 1 @ 1 0 00001100\n"
    "person n 1 1 @ 1 0 00001200\n"
    // As in WordNet 3.0, TACO's slur comes first: sense order is no guide.
    "taco n 2 1 @ 2 0 00001400 00001300\n"
    "greaser n 1 1 @ 1 0 00001400\n";
constexpr char kDataNoun[] =
    "  1 This software and database is being provided\n"
    "00000100 08 n 02 tear 1 teardrop 0 000 | a drop of the clear salty solution of the eyes; \"tears of joy\"\n"
    "00000200 04 n 01 tear 0 000 | the act of tearing\n"
    "00000300 04 n 02 path 0 route 0 000 | an established line of travel or access\n"
    "00000400 06 n 01 tent 0 000 | a portable shelter, usually of canvas\n"
    "00000500 06 n 01 web 0 000 | a fabric that resembles a net\n"
    "00000600 18 n 01 bigamist 0 000 | someone who marries one person while married to another\n"
    "00000700 20 n 02 lotus 0 Nelumbo_nucifera 0 000 | native to eastern Asia; widely cultivated for its "
    "flowers\n"
    "00000800 27 n 01 glass 0 000 | a brittle transparent solid\n"
    "00000900 06 n 02 glasses 0 spectacles 0 000 | optical instrument for the eyes\n"
    "00001000 23 n 01 drop 0 000 | a small quantity of liquid\n"
    "00001100 06 n 01 shelter 0 000 | a structure that protects\n"
    "00001300 13 n 01 taco 0 000 | a tortilla folded around a filling\n"
    "00001400 18 n 02 greaser 0 taco 0 001 ;u 00005100 n 0000 | a person of Latin descent\n"
    "00001500 18 n 01 fink 0 000 | offensive term for an informer\n"
    "00001600 18 n 01 slug 0 000 | a vulgar display of wealth\n"
    "00005000 10 n 01 obscenity 0 000 | an obscene word\n"
    "00005100 10 n 01 ethnic_slur 0 000 | a slur on someone's race\n";
constexpr char kIndexVerb[] =
    "tear v 2 1 @ 2 2 00002000 00002100\n"
    "rip v 1 1 @ 1 1 00002000\n"
    "obey v 1 1 @ 1 1 00002200\n"
    "comply v 1 1 @ 1 1 00002200\n"
    "be v 1 1 @ 1 1 00002300\n"
    "marry v 1 1 @ 1 1 00002400\n"
    "separate v 1 1 @ 1 1 00002500\n"
    "cause v 1 1 @ 1 1 00002600\n";
constexpr char kDataVerb[] =
    "00002000 35 v 02 tear 0 rip 0 000 | separate or cause to separate abruptly; \"tear the paper\"\n"
    "00002100 35 v 01 tear 0 000 | to strip of feathers\n"
    "00002200 42 v 02 obey 0 comply 0 000 | be obedient to\n"
    "00002300 42 v 01 be 0 000 | have the quality of being\n";
constexpr char kIndexAdj[] = "fast a 1 0 1 1 00003000\nquick a 1 0 1 1 00003000\n";
constexpr char kDataAdj[] = "00003000 00 a 02 fast 0 quick 0 000 | acting or moving quickly\n";
// The noun TEAR is seen 6 times; the verb's first sense 19, its second once.
constexpr char kCounts[] =
    "tear%1:08:01:: 1 6\ntear%2:35:00:: 1 19\ntear%2:35:01:: 2 1\nrip%2:35:00:: 1 5\n"
    "path%1:04:00:: 1 10\nroute%1:04:00:: 1 3\nobey%2:42:00:: 1 4\ncomply%2:42:00:: 1 2\n"
    "fast%3:00:01:: 1 9\nquick%3:00:01:: 1 8\n";
constexpr char kVerbExc[] =
    "was be\nwere be\nam be\nis be\nbeen be\ntook take\ntaken take\nsang sing\nsung sing\nhewn hew\nran run\n"
    "began begin\nbegun begin\n";
constexpr char kNounExc[] = "glasses glass\n";

void WriteWordNet(const std::string& dir, bool with_index = true) {
  std::filesystem::create_directories(dir);
  WriteFile(dir + "/data.noun", kDataNoun);
  WriteFile(dir + "/data.verb", kDataVerb);
  WriteFile(dir + "/data.adj", kDataAdj);
  WriteFile(dir + "/data.adv", "");
  if (!with_index) return;
  WriteFile(dir + "/index.noun", kIndexNoun);
  WriteFile(dir + "/index.verb", kIndexVerb);
  WriteFile(dir + "/index.adj", kIndexAdj);
  WriteFile(dir + "/index.adv", "");
  WriteFile(dir + "/cntlist.rev", kCounts);
  WriteFile(dir + "/verb.exc", kVerbExc);
  WriteFile(dir + "/noun.exc", kNounExc);
}

WordNetSenses Senses() {
  WordNetSenses s;
  s.AddIndex('n', kIndexNoun);
  s.AddIndex('v', kIndexVerb);
  s.AddIndex('a', kIndexAdj);
  s.AddCounts(kCounts);
  s.Rank();
  return s;
}

EnglishInflection Inflection() {
  EnglishInflection e;
  e.AddExceptions(WordClass::kVerb, kVerbExc);
  e.AddExceptions(WordClass::kNoun, "amoebae amoeba\n");
  return e;
}

TEST(EnglishInflectionTest, RegularSpellingRules) {
  const EnglishInflection e = Inflection();
  EXPECT_EQ(e.Inflect("path", Inflection::kPlural), "paths");
  EXPECT_EQ(e.Inflect("box", Inflection::kPlural), "boxes");
  EXPECT_EQ(e.Inflect("city", Inflection::kPlural), "cities");
  EXPECT_EQ(e.Inflect("woman", Inflection::kPlural), "women");
  EXPECT_EQ(e.Inflect("human", Inflection::kPlural), "humans");
  EXPECT_EQ(e.Inflect("way of life", Inflection::kPlural), "ways of life");
  EXPECT_EQ(e.Inflect("ice cream", Inflection::kPlural), "ice creams");
  EXPECT_EQ(e.Inflect("Oscar", Inflection::kPlural), "Oscars");
  EXPECT_EQ(e.Inflect("obey", Inflection::kThirdPerson), "obeys");
  EXPECT_EQ(e.Inflect("carry", Inflection::kThirdPerson), "carries");
  EXPECT_EQ(e.Inflect("echo", Inflection::kThirdPerson), "echoes");
  EXPECT_EQ(e.Inflect("obey", Inflection::kPast), "obeyed");
  EXPECT_EQ(e.Inflect("hope", Inflection::kPast), "hoped");
  EXPECT_EQ(e.Inflect("carry", Inflection::kPast), "carried");
  EXPECT_EQ(e.Inflect("stop", Inflection::kPast), "stopped");
  EXPECT_EQ(e.Inflect("visit", Inflection::kPast), "visited");
  EXPECT_EQ(e.Inflect("panic", Inflection::kPast), "panicked");
  EXPECT_EQ(e.Inflect("hope", Inflection::kGerund), "hoping");
  EXPECT_EQ(e.Inflect("lie", Inflection::kGerund), "lying");
  EXPECT_EQ(e.Inflect("see", Inflection::kGerund), "seeing");
  EXPECT_EQ(e.Inflect("split up", Inflection::kGerund), "splitting up");
  EXPECT_EQ(e.Inflect("big", Inflection::kComparative), "bigger");
  EXPECT_EQ(e.Inflect("happy", Inflection::kSuperlative), "happiest");
  EXPECT_EQ(e.Inflect("fast", Inflection::kSuperlative), "fastest");
  EXPECT_EQ(e.Inflect("nice", Inflection::kComparative), "nicer");
  EXPECT_EQ(e.Inflect("very fast", Inflection::kComparative), "");  // adjectives: one word
  // Both spellings where the rules cannot tell; a known word decides.
  const std::vector<std::string> visit = e.Forms("visit", Inflection::kPast);
  EXPECT_NE(std::find(visit.begin(), visit.end(), "visited"), visit.end());
  EXPECT_NE(std::find(visit.begin(), visit.end(), "visitted"), visit.end());
}

TEST(EnglishInflectionTest, ExceptionListsTheIrregularForms) {
  const EnglishInflection e = Inflection();
  EXPECT_EQ(e.Inflect("take", Inflection::kPast), "took");  // the past, not the participle
  EXPECT_EQ(e.Inflect("be", Inflection::kPast), "was");
  EXPECT_EQ(e.Inflect("be", Inflection::kThirdPerson), "is");  // "am" is not a past
  EXPECT_EQ(e.Forms("take", Inflection::kPast), (std::vector<std::string>{"took"}));
  // A verb's irregular forms replace the regular ones (no "taked").
  const std::vector<std::string> take = e.Forms("take", Inflection::kPast);
  EXPECT_EQ(std::find(take.begin(), take.end(), "taked"), take.end());
  // The participle, where it differs from the past: by its ending, or the
  // u beside an a; else the past serves.
  EXPECT_EQ(e.Forms("take", Inflection::kParticiple), (std::vector<std::string>{"taken"}));
  EXPECT_EQ(e.Inflect("be", Inflection::kParticiple), "been");
  EXPECT_EQ(e.Forms("sing", Inflection::kPast), (std::vector<std::string>{"sang"}));
  EXPECT_EQ(e.Forms("sing", Inflection::kParticiple), (std::vector<std::string>{"sung"}));
  EXPECT_EQ(e.Forms("begin", Inflection::kPast), (std::vector<std::string>{"began"}));  // -an: a past
  EXPECT_EQ(e.Inflect("begin", Inflection::kParticiple), "begun");
  EXPECT_EQ(e.Inflect("run", Inflection::kPast), "ran");
  EXPECT_EQ(e.Inflect("hew", Inflection::kParticiple), "hewn");
  EXPECT_EQ(e.Inflect("hew", Inflection::kPast), "hewed");  // only the participle is listed
  EXPECT_EQ(e.Inflect("obey", Inflection::kParticiple), "obeyed");
  EXPECT_EQ(e.Inflect("set out", Inflection::kPast), "set out");  // not "setted"
  EXPECT_EQ(e.Inflect("moose", Inflection::kPlural), "moose");    // not "mooses"
  EXPECT_EQ(e.Inflect("person", Inflection::kPlural), "people");
  EXPECT_EQ(e.Forms("elk", Inflection::kPlural), (std::vector<std::string>{"elk", "elks"}));  // answers: both
  EXPECT_EQ(e.Inflect("put", Inflection::kParticiple), "put");
  // A noun keeps the regular plural beside the listed one.
  EXPECT_EQ(e.Forms("amoeba", Inflection::kPlural), (std::vector<std::string>{"amoebae", "amoebas"}));
  EXPECT_EQ(e.Inflect("amoeba", Inflection::kPlural), "amoebae");
}

TEST(WordNetGlossTest, TheDefinitionIsTheFirstClauseThatDefines) {
  EXPECT_EQ(DefinitionOfGloss("frozen dessert; \"we had ice cream\"", WordClass::kNoun), "Frozen dessert");
  EXPECT_EQ(DefinitionOfGloss("\"example first\"; in abundance", WordClass::kAdverb), "In abundance");
  // Fragments that do not define are skipped, to the next clause or none.
  EXPECT_EQ(DefinitionOfGloss("native to eastern Asia; widely cultivated for its flowers", WordClass::kNoun), "");
  EXPECT_EQ(DefinitionOfGloss("in the Middle Ages; a heavy staff", WordClass::kNoun), "A heavy staff");
  // For an adjective "of ..." defines.
  EXPECT_EQ(DefinitionOfGloss("of a color at the end of the color spectrum (next to orange)", WordClass::kAdjective),
            "Of a color at the end of the color spectrum");
  // A label before a colon, a domain in parentheses, a qualifier, "to".
  EXPECT_EQ(DefinitionOfGloss("white Egyptian lotus: water lily of Egypt; held sacred", WordClass::kNoun),
            "Water lily of Egypt");
  EXPECT_EQ(DefinitionOfGloss("(botany) a plant with leaves", WordClass::kNoun), "A plant with leaves");
  EXPECT_EQ(DefinitionOfGloss("a portable shelter, usually of canvas", WordClass::kNoun), "A portable shelter");
  EXPECT_EQ(DefinitionOfGloss("to strip of feathers", WordClass::kVerb), "Strip of feathers");
  EXPECT_EQ(DefinitionOfGloss("\"only an example\"", WordClass::kNoun), "");
}

TEST(WordNetSensesTest, AnIndexLineWithABadOffsetIsLeftOutWhole) {
  WordNetSenses s;
  const std::vector<MalformedLine> bad = s.AddIndex('a', "slow a 2 0 2 1 00003000 zz\nfast a 1 0 1 1 00003000\n");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].number, 1u);
  s.Rank();
  EXPECT_FALSE(s.IsLemma("slow"));  // not half of its senses
  EXPECT_TRUE(s.IsLemma("fast"));
}

TEST(WordNetSensesTest, RanksByTagCountAcrossPartsOfSpeech) {
  const WordNetSenses s = Senses();
  // The verb's first sense (19) before the noun's (6) before the verb's second (1).
  EXPECT_EQ(s.RankOf("tear", 'v', 2000), 1u);
  EXPECT_EQ(s.RankOf("tear", 'n', 100), 2u);
  EXPECT_EQ(s.RankOf("tear", 'v', 2100), 3u);
  EXPECT_EQ(s.RankOf("tear", 'n', 200), 4u);  // never seen: after, by sense number
  EXPECT_EQ(s.SenseNumberOf("tear", 'v', 2100), 2u);
  EXPECT_EQ(s.RankOf("TEAR", 'v', 2000), 1u);  // any case
  EXPECT_EQ(s.RankOf("tear", 'v', 999), 0u);
  EXPECT_EQ(s.RankOf("fast", 's', 3000), 1u);  // a satellite is an adjective
  EXPECT_EQ(s.TagCountOf("route", 'n', 300), 3u);
  EXPECT_TRUE(s.IsLemma("glasses"));
  EXPECT_TRUE(s.IsLemma("tear", 'v'));
  EXPECT_FALSE(s.IsLemma("tears"));
  EXPECT_FALSE(s.IsLemma("fast", 'n'));
}

TEST(DerivedClueTest, AgreesWithTheForm) {
  const WordNetSenses s = Senses();
  const EnglishInflection e = Inflection();
  const DerivedClueMaker maker(&e, &s);
  EXPECT_EQ(maker.FromSynonym("route", Inflection::kPlural), "Routes");
  EXPECT_EQ(maker.FromSynonym("comply", Inflection::kPast), "Complied");
  EXPECT_EQ(maker.FromSynonym("quick", Inflection::kComparative), "Quicker");
  EXPECT_EQ(maker.FromDefinition("Be obedient to", Inflection::kPast), "Was obedient to");
  EXPECT_EQ(maker.FromDefinition("Be obedient to", Inflection::kGerund), "Being obedient to");
  EXPECT_EQ(maker.FromDefinition("Be obedient to", Inflection::kParticiple), "Been obedient to");
  EXPECT_EQ(maker.FromDefinition("Obey the law, comply", Inflection::kPast), "Obeyed the law, complied");
  EXPECT_EQ(maker.FromDefinition("Separate or cause to separate abruptly", Inflection::kThirdPerson),
            "Separates or causes to separate abruptly");
  EXPECT_EQ(maker.FromDefinition("Quickly leave", Inflection::kPast), "");  // not a verb first
  EXPECT_EQ(maker.FromDefinition("A drop of the clear salty solution", Inflection::kPlural),
            "Drops of the clear salty solution");
  EXPECT_EQ(maker.FromDefinition("An established line of travel", Inflection::kPlural), "");  // LINE: no lemma here
  EXPECT_EQ(maker.FromDefinition("A portable shelter", Inflection::kPlural), "Portable shelters");
  EXPECT_EQ(maker.FromDefinition("A web that resembles a net", Inflection::kPlural), "");  // RESEMBLE: no verb here
  EXPECT_EQ(maker.FromDefinition("A shelter that is dry", Inflection::kPlural), "Shelters that are dry");
  EXPECT_EQ(maker.FromDefinition("Someone who obeys the law", Inflection::kPlural), "People who obey the law");
  // A verb joined right after the clause's verb agrees too; a noun after
  // "and" further on does not change.
  EXPECT_EQ(maker.FromDefinition("A person who obeys and marries", Inflection::kPlural),
            "People who obey and marry");
  EXPECT_EQ(maker.FromDefinition("A shelter that separates drops and tears", Inflection::kPlural),
            "Shelters that separate drops and tears");
  // A mass noun has no plural; a plural already fits as it is.
  EXPECT_EQ(maker.FromDefinition("Red color or pigment", Inflection::kPlural), "");
  EXPECT_EQ(maker.FromDefinition("Tall drops with stems", Inflection::kPlural), "Tall drops with stems");
  EXPECT_EQ(maker.FromDefinition("Acting or moving quickly", Inflection::kComparative), "");
}

TEST(WordNetReaderTest, ParsesASynsetLine) {
  WordNetSynset synset;
  ASSERT_TRUE(ParseWordNetLine(
      "07611358 13 n 02 ice_cream 0 icecream 0 002 @ 07609840 n 0000 | frozen dessert; \"we had ice cream\"",
      &synset));
  EXPECT_EQ(synset.offset, 7611358u);
  EXPECT_EQ(synset.pos, 'n');
  EXPECT_EQ(synset.lemmas, (std::vector<std::string>{"ice_cream", "icecream"}));
  EXPECT_EQ(synset.gloss, "frozen dessert; \"we had ice cream\"");
  ASSERT_TRUE(ParseWordNetLine("00001 00 s 01 galore(ip) 0 000 | in abundance", &synset));
  EXPECT_EQ(synset.lemmas, (std::vector<std::string>{"galore"}));
  EXPECT_FALSE(ParseWordNetLine("garbage", &synset));
  EXPECT_FALSE(ParseWordNetLine("1 2 nn 01 x 0 | y", &synset));
}

class WordNetImportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WriteWordNet(dir_.Sub("wordnet"));
    auto s = Store::Open(dir_.Sub("db"), {.create_if_missing = true});
    ASSERT_TRUE(s.ok()) << s.status();
    store_ = *std::move(s);
  }

  ImportReport ImportWords(const std::string& words) {
    ImportOptions o;
    o.format = Format::kPlain;
    auto r = Import(store_.get(), {ImportInput::Bytes("words.txt", words)}, o);
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? *r : ImportReport{};
  }

  ImportReport ImportWordNet() {
    auto r = Import(store_.get(), {ImportInput::File(dir_.Sub("wordnet"))}, ImportOptions{});
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? *r : ImportReport{};
  }

  // The stored flags of an entry; nullopt if it is not one.
  std::optional<uint8_t> WordFlags(const std::string& word) {
    const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
    std::string codes;
    EXPECT_TRUE(a.Encode(absl::AsciiStrToUpper(word), &codes));
    auto records = store_->GetWords({codes});
    EXPECT_TRUE(records.ok());
    if (!records.ok() || !(*records)[0]) return std::nullopt;
    return (*records)[0]->flags;
  }

  // text -> (rank, flags) of the answer's stored clues.
  std::map<std::string, std::pair<uint32_t, uint8_t>> Clues(const std::string& word) {
    const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
    std::string codes;
    EXPECT_TRUE(a.Encode(absl::AsciiStrToUpper(word), &codes));
    std::map<std::string, std::pair<uint32_t, uint8_t>> out;
    auto clues = store_->CluesOf(codes);
    EXPECT_TRUE(clues.ok());
    if (!clues.ok()) return out;
    for (const auto& [id, c] : *clues) out[c.text] = {c.rank, c.flags};
    return out;
  }

  TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_F(WordNetImportTest, LemmasGetRankedDefinitionsAndSynonyms) {
  ImportWordNet();
  const auto tear = Clues("tear");
  using schema::kClueRare;
  using schema::kClueSynonym;
  EXPECT_EQ(tear.at("Separate or cause to separate abruptly"), std::make_pair(1u, uint8_t{0}));
  EXPECT_EQ(tear.at("Rip"), std::make_pair(1u, uint8_t{kClueSynonym}));
  EXPECT_EQ(tear.at("A drop of the clear salty solution of the eyes"), std::make_pair(2u, uint8_t{0}));
  EXPECT_EQ(tear.at("Strip of feathers"), std::make_pair(3u, uint8_t{0}));
  // Stored (the sense is real) but flagged: "tearing" names TEAR.
  EXPECT_EQ(tear.at("The act of tearing"), std::make_pair(4u, uint8_t{schema::kClueGivesAway}));
  EXPECT_FALSE(tear.contains("Teardrop"));  // it gives TEAR away
  EXPECT_EQ(Clues("path").at("Route"), std::make_pair(1u, uint8_t{kClueSynonym}));
  // Nelumbo nucifera is never seen in the tagged corpus: rare. LOTUS's
  // gloss has no defining clause.
  const auto lotus = Clues("lotus");
  EXPECT_EQ(lotus.size(), 1u);
  EXPECT_EQ(lotus.at("Nelumbo nucifera"), std::make_pair(1u, uint8_t{kClueSynonym | kClueRare}));
}

// A sense with a usage-domain pointer to the ethnic-slur synset, or a gloss
// label, gives flagged clues; a bare "vulgar" in a gloss does not.
TEST_F(WordNetImportTest, OffensiveSensesFlagTheirClues) {
  ImportWordNet();
  using schema::kClueOffensive;
  using schema::kClueSynonym;
  const auto taco = Clues("taco");
  EXPECT_EQ(taco.at("A tortilla folded around a filling").second, 0);
  EXPECT_EQ(taco.at("Greaser").second & (kClueSynonym | kClueOffensive), kClueSynonym | kClueOffensive);
  EXPECT_EQ(taco.at("A person of Latin descent").second, kClueOffensive);  // by its pointer alone
  EXPECT_EQ(Clues("greaser").at("Taco").second & (kClueSynonym | kClueOffensive), kClueSynonym | kClueOffensive);
  for (const auto& [text, rank_flags] : Clues("fink")) EXPECT_NE(rank_flags.second & kClueOffensive, 0) << text;
  for (const auto& [text, rank_flags] : Clues("slug")) EXPECT_EQ(rank_flags.second & kClueOffensive, 0) << text;
  WordNetSynset synset;
  ASSERT_TRUE(ParseWordNetLine("00001400 18 n 02 greaser 0 taco 0 002 @ 00000100 n 0000 ;u 00005100 n 0000 | x",
                               &synset));
  EXPECT_EQ(synset.usage_domains, std::vector<uint32_t>{5100});
}

// An entry is flagged, with its kind, only when every sense of it is
// offensive: GREASER (its one sense points at the ethnic-slur domain) and
// FINK (labelled) are, TACO (the food too) is not; and so is a flagged
// lemma's inflected form that is an entry (GREASERS), not one that is not.
TEST_F(WordNetImportTest, AnEntryWhoseEverySenseIsOffensiveIsFlaggedWithItsKind) {
  ImportWords("greasers\ntacos\n");
  const ImportReport r = ImportWordNet();
  EXPECT_EQ(WordFlags("greaser"), std::optional<uint8_t>(schema::kFlagSlur));
  EXPECT_EQ(WordFlags("greasers"), std::optional<uint8_t>(schema::kFlagSlur));
  EXPECT_EQ(WordFlags("fink"), std::optional<uint8_t>(schema::kFlagSlur));
  EXPECT_EQ(WordFlags("taco").value_or(0xFF) & schema::kOffensiveFlags, 0);
  EXPECT_EQ(WordFlags("tacos").value_or(0xFF) & schema::kOffensiveFlags, 0);
  EXPECT_EQ(WordFlags("slug").value_or(0xFF) & schema::kOffensiveFlags, 0);  // "a vulgar display"
  EXPECT_EQ(WordFlags("finks"), std::nullopt);  // a form, not an entry: not added
  EXPECT_GT(r.flagged_not_entries, 0u);
  // The kinds by domain and label.
  OffensiveSenses offensive;
  offensive.AddDomains(kDataNoun);
  WordNetSynset synset;
  ASSERT_TRUE(ParseWordNetLine("00009000 18 n 01 jerk 0 001 ;u 00005000 n 0000 | x", &synset));
  EXPECT_EQ(offensive.KindsOf(synset), schema::kFlagVulgar);
  ASSERT_TRUE(ParseWordNetLine("00009000 18 n 01 jerk 0 000 | (vulgar) a dull person", &synset));
  EXPECT_EQ(offensive.KindsOf(synset), schema::kFlagVulgar);
  ASSERT_TRUE(ParseWordNetLine("00009000 18 n 01 jerk 0 000 | a disparaging term for a dull person", &synset));
  EXPECT_EQ(offensive.KindsOf(synset), schema::kFlagInsult);
  ASSERT_TRUE(ParseWordNetLine("00009000 18 n 01 jerk 0 000 | a dull person", &synset));
  EXPECT_EQ(offensive.KindsOf(synset), 0);
}

TEST_F(WordNetImportTest, InflectedFormsThatAreEntriesGetDerivedClues) {
  ImportWords("paths\nobeyed\ntents\ntears\ntore\nbigamists\nglasses\nfaster\nwebs\n");
  const ImportReport r = ImportWordNet();
  using schema::kClueDerived;
  using schema::kClueSynonym;
  const auto paths = Clues("paths");
  EXPECT_EQ(paths.at("Routes"), std::make_pair(1u, uint8_t{kClueSynonym | kClueDerived}));
  EXPECT_EQ(Clues("obeyed").at("Was obedient to"), std::make_pair(1u, uint8_t{kClueDerived}));
  EXPECT_EQ(Clues("obeyed").at("Complied"), std::make_pair(1u, uint8_t{kClueSynonym | kClueDerived}));
  EXPECT_FALSE(Clues("obeyed").contains("Been obedient to"));  // a participle spelled like the past: clued as the past
  EXPECT_TRUE(Clues("tents").contains("Portable shelters"));
  EXPECT_TRUE(Clues("bigamists").contains("People who marry one person while married to another"));
  EXPECT_EQ(Clues("faster").at("Quicker").second, kClueSynonym | kClueDerived);
  const auto tears = Clues("tears");
  EXPECT_TRUE(tears.contains("Rips"));
  EXPECT_TRUE(tears.contains("Drops of the clear salty solution of the eyes"));
  // GLASSES is a lemma of its own: its own clues only, none from GLASS.
  EXPECT_EQ(Clues("glasses").size(), 2u);  // its definition and "Spectacles"
  // TORE is no form the rules or lists give; WEBS's definition cannot agree.
  EXPECT_TRUE(Clues("tore").empty());
  EXPECT_TRUE(Clues("webs").empty());
  // Forms that are not entries get no clue, and are not added.
  EXPECT_TRUE(Clues("routes").empty());
  EXPECT_TRUE(Clues("obeying").empty());
  EXPECT_GT(r.clues_not_entries, 0u);
  const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
  std::string codes;
  ASSERT_TRUE(a.Encode("ROUTES", &codes));
  EXPECT_FALSE((*store_->GetWords({codes}))[0].has_value());
}

TEST_F(WordNetImportTest, WithoutIndexFilesClausesStillComeUnrankedAndNothingIsDerived) {
  TempDir bare;
  WriteWordNet(bare.Sub("wn"), /*with_index=*/false);
  ImportWords("paths\n");
  auto r = Import(store_.get(), {ImportInput::File(bare.Sub("wn"))}, ImportOptions{});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(Clues("tear").at("Rip"), std::make_pair(0u, uint8_t{schema::kClueSynonym | schema::kClueRare}));
  EXPECT_TRUE(Clues("paths").empty());
}

TEST_F(WordNetImportTest, MalformedLinesOfTheIndexCountAndExceptionFilesAreWarnedOfByLine) {
  // A line of each auxiliary file damaged: each is named by file and line,
  // and everything else still goes in.
  const std::string wn = dir_.Sub("wordnet");
  WriteFile(wn + "/index.noun", std::string(kIndexNoun) + "broken n x\n");
  WriteFile(wn + "/index.verb", std::string(kIndexVerb) + "rend v 3 0 3 0 00002000\n");
  WriteFile(wn + "/cntlist.rev", std::string("tear 1 6\n") + kCounts);
  WriteFile(wn + "/verb.exc", std::string(kVerbExc) + "alone\n");
  WriteFile(wn + "/noun.exc", std::string(kNounExc) + "\nbrothers-in-law brother-in-law\n");
  const ImportReport r = ImportWordNet();
  ASSERT_EQ(r.warnings.count, 4u);
  std::set<std::string> seen;
  for (const LineExample& e : r.warnings.examples) seen.insert(absl::StrCat(e.file, ":", e.line, " ", e.text));
  EXPECT_TRUE(seen.contains("index.noun:17 index line without its lemma, part of speech and counts: left out"))
      << absl::StrJoin(seen, "\n");
  EXPECT_TRUE(seen.contains("index.verb:9 index line with fewer synset offsets than its count: left out"))
      << absl::StrJoin(seen, "\n");
  EXPECT_TRUE(seen.contains(
      "cntlist.rev:1 count line whose sense key has no part of speech (lemma%1 to lemma%5): left out"))
      << absl::StrJoin(seen, "\n");
  EXPECT_TRUE(seen.contains("verb.exc:14 exception line without a form and its base form: left out"))
      << absl::StrJoin(seen, "\n");
  // The rest went in: ranks from the good count lines, the data lines whole.
  EXPECT_EQ(Clues("tear").at("Separate or cause to separate abruptly"), std::make_pair(1u, uint8_t{0}));
  EXPECT_EQ(r.rejected, 0u);
}

TEST_F(WordNetImportTest, ReimportingRanksStoredClues) {
  // A clue stored unranked (an older reader, or another source with the
  // same text) takes the rank a newer import gives it, keeping its source.
  ImportOptions pipe;
  pipe.format = Format::kPipe;
  pipe.source = "archive";
  ASSERT_TRUE(Import(store_.get(), {ImportInput::Bytes("c.txt", "tear|Rip\n")}, pipe).ok());
  EXPECT_EQ(Clues("tear").at("Rip"), std::make_pair(0u, uint8_t{0}));
  const ImportReport r = ImportWordNet();
  EXPECT_GE(r.clues_updated, 1u);
  // The archive vouches for it: listed, chosen first as the archive's.
  EXPECT_EQ(Clues("tear").at("Rip"), std::make_pair(1u, uint8_t{schema::kClueSynonym | schema::kClueListed}));
  const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
  std::string codes;
  ASSERT_TRUE(a.Encode("TEAR", &codes));
  // The clue file again: it ranks nothing, so the rank stays.
  auto again = Import(store_.get(), {ImportInput::Bytes("c.txt", "tear|Rip\n")}, pipe);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->clues_updated, 0u);
  EXPECT_EQ(again->clues_duplicate, 1u);
  EXPECT_EQ(Clues("tear").at("Rip"), std::make_pair(1u, uint8_t{schema::kClueSynonym | schema::kClueListed}));
  // A clue list that holds a text WordNet stored first marks it listed, once.
  ASSERT_NE(Clues("tear").count("Separate or cause to separate abruptly"), 0u);
  auto listed = Import(store_.get(), {ImportInput::Bytes("l.txt", "tear|Separate or cause to separate abruptly\n")}, pipe);
  ASSERT_TRUE(listed.ok()) << listed.status();
  EXPECT_EQ(listed->clues_updated, 1u);
  EXPECT_EQ(Clues("tear").at("Separate or cause to separate abruptly"), std::make_pair(1u, uint8_t{schema::kClueListed}));
  listed = Import(store_.get(), {ImportInput::Bytes("l.txt", "tear|Separate or cause to separate abruptly\n")}, pipe);
  ASSERT_TRUE(listed.ok()) << listed.status();
  EXPECT_EQ(listed->clues_updated, 0u);
  EXPECT_EQ(listed->clues_duplicate, 1u);
  auto stored = store_->CluesOf(codes);
  ASSERT_TRUE(stored.ok());
  for (const auto& [id, c] : *stored) {
    if (c.text == "Rip") {
      EXPECT_EQ(store_->sources().at(c.source), "archive");
    }
  }
}

// Senses for crosswords: a small WordNet of its own with each case an
// editor found read wrong.
class CrosswordSenseTest : public WordNetImportTest {
 protected:
  void SetUp() override {
    WordNetImportTest::SetUp();
    const std::string dir = dir_.Sub("wordnet");
    WriteFile(dir + "/index.noun",
              "sang n 1 1 @ 1 0 00000100\n"
              "ate n 1 1 @ 1 0 00000200\n"
              "cola n 2 1 @ 2 0 00000300 00000400\n"
              "amen n 1 1 @ 1 0 00000500\n"
              "area n 1 1 @ 1 1 00000600\n"
              "country n 2 1 @ 2 2 00000700 00000600\n"
              "appreciation n 1 1 @ 1 1 00000800\n"
              "tent n 1 1 @ 1 1 00000900\n"
              "shelter n 1 1 @ 1 0 00000900\n"
              "judgment n 1 1 @ 1 0 00000800\n"
              "pi n 1 1 @ 1 0 00001000\n"
              "ratio n 1 1 @ 1 0 00001000\n");
    WriteFile(dir + "/data.noun",
              "00000100 20 n 01 sang 0 000 | a plant of the ginseng family\n"
              "00000200 18 n 01 Ate 0 000 | goddess of criminal rashness\n"
              "00000300 20 n 02 Cola 0 genus_Cola 0 000 | genus of trees of Africa\n"
              "00000400 13 n 01 cola 0 000 | a carbonated drink flavored with extract from kola nuts\n"
              "00000500 18 n 01 Amen 0 000 | a Theban god of life\n"
              "00000600 15 n 02 area 0 country 0 000 | a particular geographical region\n"
              "00000700 14 n 01 country 0 000 | a politically organized body of people\n"
              "00000800 09 n 01 appreciation 0 000 | a judgment of the worth of something\n"
              "00000900 06 n 01 tent 0 000 | a portable shelter\n"
              "00001000 23 n 01 pi 0 000 | the ratio of a circle's circumference to its diameter\n");
    WriteFile(dir + "/index.verb", "sing v 1 1 @ 1 1 00002000\ncroon v 1 1 @ 1 1 00002000\neat v 1 1 @ 1 1 00002100\ntake v 1 1 @ 1 1 00002200\n");
    WriteFile(dir + "/data.verb",
              "00002000 36 v 02 sing 0 croon 0 000 | produce tones with the voice\n"
              "00002100 34 v 01 eat 0 000 | take in solid food\n"
              "00002200 40 v 01 take 0 000 | get into one's hands\n");
    WriteFile(dir + "/index.adj",
              "gory a 1 0 1 1 00003000\nbloody a 1 0 1 1 00003000\nbloodstained a 1 0 1 1 00003000\n");
    WriteFile(dir + "/data.adj", "00003000 00 a 03 gory 0 bloody 0 bloodstained 0 000 | covered with blood\n");
    WriteFile(dir + "/cntlist.rev",
              "sing%2:36:00:: 1 30\ncroon%2:36:00:: 1 2\neat%2:34:00:: 1 40\narea%1:15:00:: 1 50\n"
              "country%1:14:00:: 1 120\ncountry%1:15:00:: 2 3\nappreciation%1:09:00:: 1 5\ntent%1:06:00:: 1 5\n"
              "gory%3:00:00:: 1 4\nbloody%3:00:00:: 1 6\nbloodstained%3:00:00:: 1 2\n");
    WriteFile(dir + "/verb.exc", "sang sing\nate eat\ntook take\n");
    WriteFile(dir + "/noun.exc", "");
  }
};

TEST_F(CrosswordSenseTest, ObscureSensesMinorSynonymsAndMassPlurals) {
  ImportWords("sang\nate\ncola\namen\narea\nappreciations\ntents\ngorier\npis\n");
  ImportWordNet();
  using schema::kClueDerived;
  using schema::kClueObscure;
  using schema::kClueRare;
  using schema::kClueSynonym;
  // SANG: its own sense is never tagged and it is SING's past: obscure;
  // what is derived from SING is not (and is chosen first).
  EXPECT_EQ(Clues("sang").at("A plant of the ginseng family"), std::make_pair(1u, uint8_t{kClueObscure}));
  EXPECT_EQ(Clues("sang").at("Crooned"), std::make_pair(1u, uint8_t{kClueSynonym | kClueDerived}));
  // ATE: a proper noun's sense, and EAT's past.
  EXPECT_EQ(Clues("ate").at("Goddess of criminal rashness"), std::make_pair(1u, uint8_t{kClueObscure}));
  EXPECT_EQ(Clues("ate").at("Took in solid food"), std::make_pair(1u, uint8_t{kClueDerived}));
  // COLA: the genus is obscure beside the drink.
  EXPECT_EQ(Clues("cola").at("Genus of trees of Africa").second & kClueObscure, kClueObscure);
  EXPECT_EQ(Clues("cola").at("A carbonated drink flavored with extract from kola nuts").second & kClueObscure, 0);
  // AMEN: the god is all it names: not obscure.
  EXPECT_EQ(Clues("amen").at("A Theban god of life"), std::make_pair(1u, uint8_t{0}));
  // AREA: COUNTRY in its second sense, 3 of its 123 tagged uses: rare.
  EXPECT_EQ(Clues("area").at("Country"), std::make_pair(1u, uint8_t{kClueSynonym | kClueRare}));
  // APPRECIATIONS: a mass noun's plural is obscure; TENTS is not.
  EXPECT_EQ(Clues("appreciations").at("Judgments of the worth of something").second & kClueObscure,
            kClueObscure);
  EXPECT_EQ(Clues("tents").at("Portable shelters").second & kClueObscure, 0);
  // PIS: a unique thing's ("the ratio...") plural, obscure too.
  ASSERT_FALSE(Clues("pis").empty());
  for (const auto& [text, rank_flags] : Clues("pis")) EXPECT_EQ(rank_flags.second & kClueObscure, kClueObscure) << text;
  // GORIER: a short adjective's comparative, never a participle's ("Bloodstaineder").
  EXPECT_TRUE(Clues("gorier").contains("Bloodier"));
  EXPECT_FALSE(Clues("gorier").contains("Bloodstaineder"));
}

}  // namespace
}  // namespace xwdb
