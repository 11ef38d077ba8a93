/*
 * zg_board.c — Zhonggong geometry tables, Zobrist keys, placing pieces and
 * recomputing the derived parts of a position.
 */
#include "zg_board.h"

#include <string.h>

#include "splitmix.h"

/* Distances from p to the first and second set bits of occ in direction
 * dir (+1 / -1), packed as two bytes. */
static uint32_t scan(int p, unsigned occ, int dir)
{
    uint32_t out = 0;
    int found = 0;
    for (int q = p + dir; q >= 0 && q < 9 && found < 2; q += dir) {
        if (!(occ & (1u << q))) continue;
        out |= (uint32_t)(dir > 0 ? q - p : p - q) << (8 * found);
        found++;
    }
    return out;
}

void zg_tables_init(zg_impl *z)
{
    for (int p = 0; p < 9; p++)
        for (unsigned occ = 0; occ < 512; occ++)
            z->slide[p][occ] = scan(p, occ, 1) | scan(p, occ, -1) << 16;
    uint64_t seed = 0x5A47C0DE2024ull;   /* fixed: hashes are stable across runs */
    for (int ct = 0; ct < 2 * ZG_NTYPES; ct++)
        for (int i = 0; i < ZG_POINTS; i++) z->zob[ct][i] = qp_splitmix64(&seed);
    z->zob_side = qp_splitmix64(&seed);
}

void zg_state_clear(zg_state *s)
{
    memset(s, 0, sizeof *s);
    memset(s->bd.sq, ZG_OFF, sizeof s->bd.sq);
    for (int i = 0; i < ZG_POINTS; i++) s->bd.sq[zg_from81(i)] = 0;
    s->winner = -1;
    s->fullmove = 1;
}

int zg_place(zg_state *s, int side, int type, int sq)
{
    int base = ZG_BASE(side);
    for (int k = 0; k < zg_nslot[type]; k++) {
        int id = base + zg_slot0[type] + k;
        if (s->pos[id]) continue;
        s->pos[id] = (uint8_t)sq;
        s->bd.sq[sq] = (uint8_t)id;
        zg_occ_set(&s->bd, sq);
        return id;
    }
    return 0;
}

uint64_t zg_hash_full(const zg_impl *z, const zg_state *s)
{
    uint64_t h = s->side ? z->zob_side : 0;
    for (int id = 16; id < 48; id++)
        if (s->pos[id]) h ^= z->zob[zg_ct(id)][zg_to81(s->pos[id])];
    return h;
}

void zg_state_refresh(const zg_impl *z, zg_state *s)
{
    s->hash = zg_hash_full(z, s);
    s->psq[0] = s->psq[1] = 0;
    s->bottom[0] = s->bottom[1] = 0;
    for (int id = 16; id < 48; id++) {
        int sq = s->pos[id];
        if (!sq) continue;
        int side = zg_side_of(id);
        s->psq[side] += z->pst[zg_ct(id)][sq];
        if (zg_type_of(id) == ZG_SOLDIER && zg_rank(sq) == zg_far_rank(side)) s->bottom[side]++;
    }
}
