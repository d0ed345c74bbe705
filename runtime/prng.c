/* prng.c: the generators' pseudo-random numbers: xoshiro256** (Blackman
   and Vigna), seeded through splitmix64 so that any 64-bit seed, 0
   included, gives a well-mixed state.

     sfr_rng r;
     sfr_rng_seed (&r, 42);
     sfr_rng_next (&r)        64 random bits, the same on every platform
     sfr_rng_unit (&r)        a double in [0, 1), 53 random bits
     sfr_rng_below (&r, 10)   an integer in 0..9, without bias
     sfr_rng_value (&r)       a double in [-1, 1)  */

#include "sf_internal.h"

/* Return X rotated left by K bits.  */
static inline uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

/* Advance the splitmix64 state *X; return its next output.  */
static uint64_t
splitmix64 (uint64_t *x)
{
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Seed R from SEED.  */
void
sfr_rng_seed (sfr_rng *r, uint64_t seed)
{
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix64 (&seed);
}

/* Return the next 64 random bits of R.  */
uint64_t
sfr_rng_next (sfr_rng *r)
{
  uint64_t *s = r->s;
  uint64_t result = rotl (s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

/* Return a double uniform in [0, 1).  */
double
sfr_rng_unit (sfr_rng *r)
{
  return (double) (sfr_rng_next (r) >> 11) * 0x1.0p-53;
}

/* Return an integer uniform in 0..N-1 (N > 0), by Lemire's multiply and
   reject method.  */
int64_t
sfr_rng_below (sfr_rng *r, int64_t n)
{
  uint64_t un = (uint64_t) n;
  __uint128_t m = (__uint128_t) sfr_rng_next (r) * un;
  uint64_t low = (uint64_t) m;
  if (low < un)
    {
      uint64_t floor = (0 - un) % un;
      while (low < floor)
        {
          m = (__uint128_t) sfr_rng_next (r) * un;
          low = (uint64_t) m;
        }
    }
  return (int64_t) (m >> 64);
}

/* Return a double uniform in [-1, 1).  */
double
sfr_rng_value (sfr_rng *r)
{
  return 2.0 * sfr_rng_unit (r) - 1.0;
}
