# Warnings for our own targets, as a PRIVATE requirement (never global flags).
function(treelock_set_warnings target)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                                                 -Wnon-virtual-dtor -Wold-style-cast)
    endif()
endfunction()

# treelock_embed_files(OUTPUT out.cpp NAMESPACE ns FUNCTION fn FILES a.lua b.lua)
# Generates a .cpp defining `std::string_view ns::fn(std::string_view name)` that
# returns the content of the named file (by base name without extension), or an
# empty view. Rebuilt whenever one of the files changes.
function(treelock_embed_files)
    cmake_parse_arguments(ARG "" "OUTPUT;NAMESPACE;FUNCTION" "FILES" ${ARGN})
    add_custom_command(
        OUTPUT ${ARG_OUTPUT}
        COMMAND ${CMAKE_COMMAND} -DOUTPUT=${ARG_OUTPUT} -DNAMESPACE=${ARG_NAMESPACE}
                -DFUNCTION=${ARG_FUNCTION} "-DFILES=${ARG_FILES}"
                -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFiles.cmake
        DEPENDS ${ARG_FILES} ${PROJECT_SOURCE_DIR}/cmake/EmbedFiles.cmake
        COMMENT "Embedding ${ARG_FUNCTION} sources"
        VERBATIM)
endfunction()

# treelock_add_test(NAME tst_x SOURCES ... LIBS ... [LABELS ...] [TIMEOUT s]
#                   [FUNCTION_TIMEOUT s] [GTEST])
function(treelock_add_test)
    cmake_parse_arguments(ARG "GTEST" "NAME;TIMEOUT;FUNCTION_TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${ARG_NAME} ${ARG_SOURCES})
    target_link_libraries(${ARG_NAME} PRIVATE ${ARG_LIBS})
    if(ARG_GTEST)
        target_link_libraries(${ARG_NAME} PRIVATE GTest::gtest GTest::gtest_main)
    endif()
    treelock_set_warnings(${ARG_NAME})
    add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 300)
    endif()
    # QTEST_FUNCTION_TIMEOUT: a Qt test function that hangs (a modal dialog
    # nobody closes) aborts with its name and a backtrace after 90 s (or
    # FUNCTION_TIMEOUT), instead of ctest killing the whole program silently at TIMEOUT.
    if(NOT ARG_FUNCTION_TIMEOUT)
        set(ARG_FUNCTION_TIMEOUT 90)
    endif()
    set_tests_properties(${ARG_NAME} PROPERTIES TIMEOUT ${ARG_TIMEOUT}
                         ENVIRONMENT "QT_QPA_PLATFORM=offscreen;TREELOCK_SOURCE_DIR=${PROJECT_SOURCE_DIR};QTEST_FUNCTION_TIMEOUT=${ARG_FUNCTION_TIMEOUT}000")
    if(ARG_LABELS)
        set_tests_properties(${ARG_NAME} PROPERTIES LABELS "${ARG_LABELS}")
    endif()
endfunction()

# treelock_add_library(NAME sim [STATIC] SOURCES ... [PUBLIC libs...] [PRIVATE libs...])
# One of the project's libraries: target treelock_<NAME> with the alias
# treelock::<NAME>, C++20 and the project's warnings. Its headers are public
# from <folder>/include when the folder has one (its sources then in <folder>/src,
# private to it), else from the folder itself.
function(treelock_add_library)
    cmake_parse_arguments(ARG "STATIC" "NAME" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
    set(target treelock_${ARG_NAME})
    if(ARG_STATIC)
        add_library(${target} STATIC ${ARG_SOURCES})
    else()
        add_library(${target} ${ARG_SOURCES})
    endif()
    add_library(treelock::${ARG_NAME} ALIAS ${target})
    if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include)
        target_include_directories(${target}
            PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
            PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
    else()
        target_include_directories(${target} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
    endif()
    target_compile_features(${target} PUBLIC cxx_std_20)
    if(ARG_PUBLIC)
        target_link_libraries(${target} PUBLIC ${ARG_PUBLIC})
    endif()
    if(ARG_PRIVATE)
        target_link_libraries(${target} PRIVATE ${ARG_PRIVATE})
    endif()
    treelock_set_warnings(${target})
endfunction()
