// Package tuitest holds what the explorer's tests share across its
// packages: keys as msg.String() spells them, running commands without a
// program (timers kept, the program's own messages dropped), the size of
// a screen, the box of a screen, and a folder of recovery files. Only
// tests import it.
package tuitest
