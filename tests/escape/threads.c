/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Compatibility: pthread_create under a profile granting "thread". glibc
 * tries clone3 first; the sandbox answers ENOSYS and glibc falls back to
 * clone, whose flags the filter can see. Prints the same line confined
 * and unconfined. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define N_THREADS 4

static void *square(void *arg)
{
	long n = (long)arg;
	return (void *)(n * n);
}

int main(void)
{
	pthread_t t[N_THREADS];
	for (long i = 0; i < N_THREADS; i++) {
		int e = pthread_create(&t[i], NULL, square, (void *)(i + 1));
		if (e) {
			fprintf(stderr, "threads: pthread_create: %s\n", strerror(e));
			return 1;
		}
	}
	long sum = 0;
	for (int i = 0; i < N_THREADS; i++) {
		void *r;
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("%d threads, sum of squares %ld\n", N_THREADS, sum);
	return 0;
}
