#include "CDocShims.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define SIGNALS 65

/* The pipe each signal caught so is written to, and what the latest
   take-over replaced, to give back and to pass a signal on to. */
static volatile sig_atomic_t pipes[SIGNALS];
static volatile sig_atomic_t replaced_pipes[SIGNALS];
static struct sigaction replaced[SIGNALS];
static int taken[SIGNALS];

/* Async-signal-safe: one write(2), errno kept for the interrupted code. */
static void write_signal_number(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    if (number > 0 && number < SIGNALS && pipes[number] > 0) (void)!write(pipes[number], &byte, 1);
    errno = saved;
}

static int catch_into(int number, int pipe_write_end, struct sigaction *old) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = write_signal_number;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(number, &action, old);
}

int cdocshims_catch_into_pipe(int number, int pipe_write_end) {
    if (number <= 0 || number >= SIGNALS) { errno = EINVAL; return -1; }
    pipes[number] = pipe_write_end;
    return catch_into(number, pipe_write_end, NULL);
}

int cdocshims_take_over_signal(int number, int pipe_write_end) {
    if (number <= 0 || number >= SIGNALS || taken[number]) { errno = EINVAL; return -1; }
    replaced_pipes[number] = pipes[number];
    pipes[number] = pipe_write_end;
    if (catch_into(number, pipe_write_end, &replaced[number]) != 0) {
        pipes[number] = replaced_pipes[number];
        return -1;
    }
    taken[number] = 1;
    return 0;
}

int cdocshims_give_back_signal(int number) {
    if (number <= 0 || number >= SIGNALS || !taken[number]) { errno = EINVAL; return -1; }
    taken[number] = 0;
    int result = sigaction(number, &replaced[number], NULL);
    pipes[number] = replaced_pipes[number];
    return result;
}

/* What the latest take-over replaced, even once given back: a signal
   caught just before may be read after. */
int cdocshims_pass_on_signal(int number) {
    if (number <= 0 || number >= SIGNALS) return 0;
    struct sigaction previous = replaced[number];
    if (previous.sa_flags & SA_SIGINFO) return 0;
    if (previous.sa_handler == write_signal_number) {
        unsigned char byte = (unsigned char)number;
        if (replaced_pipes[number] > 0) (void)!write(replaced_pipes[number], &byte, 1);
        return 1;
    }
    return 0;
}
