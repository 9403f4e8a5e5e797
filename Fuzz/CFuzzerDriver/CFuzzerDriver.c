#include "CFuzzerDriver.h"

#ifdef ADFUZZ_LIBFUZZER
// libFuzzer's entry for programs that have their own main (compiler-rt, FuzzerDriver.cpp).
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

int adfuzz_has_libfuzzer(void) { return 1; }

int adfuzz_run_driver(int *argc, char ***argv, adfuzz_one_input callback) {
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
#else
int adfuzz_has_libfuzzer(void) { return 0; }

int adfuzz_run_driver(int *argc, char ***argv, adfuzz_one_input callback) {
    (void)argc;
    (void)argv;
    (void)callback;
    return -1;
}
#endif
