#ifndef ADFUZZ_CFUZZERDRIVER_H
#define ADFUZZ_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// The one-input callback libFuzzer calls with each generated input; returns 0.
typedef int (*adfuzz_one_input)(const uint8_t *data, size_t size);

/// Whether libFuzzer is linked in: 1 when built by Scripts/fuzz.sh (-sanitize=fuzzer and -DADFUZZ_LIBFUZZER),
/// 0 in the ordinary build.
int adfuzz_has_libfuzzer(void);

/// Runs libFuzzer's driver (LLVMFuzzerRunDriver) with the process's arguments and `callback`, and returns its
/// result; returns -1 without running anything when libFuzzer is not linked in.
int adfuzz_run_driver(int *argc, char ***argv, adfuzz_one_input callback);

#endif
