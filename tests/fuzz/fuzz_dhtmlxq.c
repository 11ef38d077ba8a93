/*
 * fuzz_dhtmlxq.c — DhtmlXQ records (pages and .txt files, any encoding),
 * checked as every Xiangqi record reader is (fuzz_xq_record.h).
 */
#include "fuzz_xq_record.h"

#include "dhtmlxq.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_xq_record(data, size, qp_dhtmlxq_parse);
}
