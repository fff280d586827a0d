// treelock-library: prints the Treelock function library, composed from lua/ exactly as
// the C++ library loads it, for a client that wants it as a file (docs/protocol.md).
#include "treelock/redisprotocol.h"

#include <iostream>
#include <string_view>

int main(int argc, char** argv)
{
    const treelock::redis::Library& library = treelock::redis::embeddedLibrary();
    const std::string_view option = argc > 1 ? std::string_view(argv[1]) : std::string_view();
    if (argc == 1) {
        std::cout << library.body;
    } else if (argc == 2 && option == "--name") {
        std::cout << library.name << '\n';
    } else if (argc == 2 && (option == "--help" || option == "-h")) {
        std::cout << "Usage: treelock-library [--name]\n"
                     "Prints the Treelock function library (the FUNCTION LOAD body every client loads),\n"
                     "or with --name its name, which is its version.\n";
    } else {
        std::cerr << "treelock-library: unknown argument '" << option << "' (try --help)\n";
        return 2;
    }
    return std::cout.good() ? 0 : 1;
}
