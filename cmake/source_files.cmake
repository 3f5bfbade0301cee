# tidemark_source_files(VAR ROOT): every C++ source and header of the project
# under ROOT (the folders that hold code), sorted, as absolute paths; build
# folders inside them (an example built in place) are not the project's code.
function(tidemark_source_files var root)
  set(found "")
  string(LENGTH "${root}/" prefix)
  foreach(dir engine sim reports api include app property_tests fuzz bench examples)
    file(GLOB_RECURSE part "${root}/${dir}/*.h" "${root}/${dir}/*.cc")
    foreach(file ${part})
      string(SUBSTRING "${file}" ${prefix} -1 relative)
      if(NOT relative MATCHES "(^|/)build/")
        list(APPEND found ${file})
      endif()
    endforeach()
  endforeach()
  list(SORT found)
  set(${var} ${found} PARENT_SCOPE)
endfunction()
