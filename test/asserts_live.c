/* asserts_live.c -- registered only in builds with DANCE_ASSERTS: fails unless assert()
 * is live there, so that a build meant to run the assertions of dlx/bits.h and the
 * Metropolis energy check cannot silently drop them (the build types' -DNDEBUG). */
#include <assert.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
#ifdef NDEBUG
  puts("NDEBUG is defined: assert() is compiled out");
  puts("0 passed, 1 failed");
  return 1;
#else
  fflush(stdout);
  pid_t child = fork();
  if (child < 0) {
    perror("fork");
    return 1;
  }
  if (child == 0) {
    int null = open("/dev/null", O_WRONLY); /* the assertion's message is expected */
    if (null >= 0) dup2(null, 2);
    assert(!"this assertion fails");
    _exit(0);
  }
  int status;
  if (waitpid(child, &status, 0) != child) {
    perror("waitpid");
    return 1;
  }
  if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT) {
    puts("a failed assert() did not abort");
    puts("0 passed, 1 failed");
    return 1;
  }
  puts("1 passed, 0 failed");
  return 0;
#endif
}
