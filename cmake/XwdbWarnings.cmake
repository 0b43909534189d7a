# xwdb_warnings: the warning set every target of the project links.
add_library(xwdb_warnings INTERFACE)
target_compile_options(xwdb_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough
  $<$<BOOL:${XWDB_WERROR}>:-Werror>)

# xwdb_add_test(NAME SOURCES... LIBS... LABEL label [COST seconds]): one
# GoogleTest executable, registered with CTest under a label so presets can
# pick subsets. COST: about how long each of its tests runs, so that a first
# run (no timings recorded yet: every CI machine) starts the long ones first
# instead of leaving them to the end on one core.
function(xwdb_add_test name)
  cmake_parse_arguments(T "" "LABEL;COST" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} xwdb_testing GTest::gmock GTest::gtest_main xwdb_warnings)
  target_compile_definitions(${name} PRIVATE
    XWDB_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    XWDB_BINARY_DIR="${PROJECT_BINARY_DIR}")
  set(cost)
  if(T_COST)
    set(cost COST ${T_COST})
  endif()
  gtest_discover_tests(${name} PROPERTIES LABELS "${T_LABEL}" ${cost} DISCOVERY_TIMEOUT 60)
endfunction()
