#include "benchmain.h"

int main(int argc, char** argv)
{
    return treelock::bench::benchMain(argc, argv);
}
