# Writes OUT (a header defining cs::git_commit) from `git describe` of SRC; rewritten only when the commit changes,
# so a new commit recompiles the one file that includes it. Outside a git checkout the commit is "unknown".
execute_process(COMMAND git -C "${SRC}" describe --always --dirty --abbrev=12 OUTPUT_VARIABLE commit
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed ERROR_QUIET)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(text "#pragma once\nnamespace cs {\nconstexpr const char* git_commit = \"${commit}\";\n}\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
