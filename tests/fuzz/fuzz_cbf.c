/*
 * fuzz_cbf.c — CBF records (CCBridge's XML, any encoding), checked as
 * every Xiangqi record reader is (fuzz_xq_record.h).
 */
#include "fuzz_xq_record.h"

#include "cbf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_xq_record(data, size, qp_cbf_parse);
}
