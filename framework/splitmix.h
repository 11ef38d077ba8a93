/*
 * splitmix.h — splitmix64, the small generator behind Zobrist keys and
 * other reproducible pseudo-random numbers.
 *
 * Contract: qp_splitmix64(&x) advances the state x and returns the next
 * value; the sequence depends only on the starting x, so keys drawn from a
 * fixed seed are the same in every run and build (hashes stay comparable
 * across runs, and tests may pin them).
 */
#ifndef QP_SPLITMIX_H
#define QP_SPLITMIX_H

#include <stdint.h>

static inline uint64_t qp_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
