# xwdb_warnings: the warning set every target of the project links.
add_library(xwdb_warnings INTERFACE)
target_compile_options(xwdb_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough
  $<$<BOOL:${XWDB_WERROR}>:-Werror>)

# xwdb_add_test(NAME SOURCES... LIBS... LABEL label): one GoogleTest executable,
# registered with CTest under a label so presets can pick subsets.
function(xwdb_add_test name)
  cmake_parse_arguments(T "" "LABEL" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} xwdb_testing GTest::gmock GTest::gtest_main xwdb_warnings)
  target_compile_definitions(${name} PRIVATE
    XWDB_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    XWDB_BINARY_DIR="${PROJECT_BINARY_DIR}")
  gtest_discover_tests(${name} PROPERTIES LABELS "${T_LABEL}" DISCOVERY_TIMEOUT 60)
endfunction()
