/*
 * fuzz_cbr.c — CBR and CBL records (CCBridge's binary game and library),
 * checked as every Xiangqi record reader is (fuzz_xq_record.h): a library
 * through its first game.
 */
#include "fuzz_xq_record.h"

#include "cbr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bool library = size >= 16 && !memcmp(data, "CCBridgeLibrary", 16);
    if (library) (void)qp_cbl_count(data, size);
    return fz_xq_record(data, size, library ? qp_cbl_format.parse : qp_cbr_parse);
}
