/*
 * fuzz_config.c — Lua configuration files: any text loads or fails with a
 * "NAME:" message, within the sandbox's time and memory bounds, and what
 * loads applies to a ruleset's parameters or fails with a message.
 */
#include "fuzz_common.h"

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 16384) return 0;
    const qp_rules *r = fz_pick(data[0]);
    if (!r) return 0;
    char *src = fz_string(data + 1, size - 1), err[QP_ERR] = "";
    qp_config c;
    if (qp_config_load_string(&c, "f.lua", src, err, sizeof err) == 0) {
        qp_params p = r->params;
        if (qp_config_apply(&c, &p, err, sizeof err) == 0) {
            qp_rules *r2 = qp_rules_create(r->rs, &p, err, sizeof err);
            if (r2) qp_rules_free(r2);
        } else {
            FZ_CHECK(err[0], "apply failed without a message");
        }
    } else {
        FZ_CHECK(!strncmp(err, "f.lua", 5), "message without the file name: %s", err);
    }
    free(src);
    return 0;
}
