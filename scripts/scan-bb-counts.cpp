// Counts won, lost and drawn positions (White to move) per material class of
// international draughts with Scan 2.0's bitbases (scripts/scan-bb-counts);
// compiled against a Scan 2.0 build outside the project, never part of tabula.
#include <cstdio>
#include <string>
#include <vector>
#include "bb_base.h"
#include "bb_comp.h"
#include "bit.h"
#include "board.h"
#include "fen.h"
#include "hash.h"
#include "libmy.hpp"
#include "pos.h"
#include "tuple.h"
#include "var.h"
static long cnt[3];
static int groups[4];
static char board[50];
static void rec(int g, int left, int from) {
  if (g == 4) {
    std::string s = "w";
    s += std::string(board, 50);
    Pos pos;
    pos_from_hub(pos, s);
    int v = bb::probe(pos);
    cnt[v == bb::Win ? 0 : v == bb::Loss ? 1 : 2]++;
    return;
  }
  if (left == 0) { rec(g + 1, g + 1 < 4 ? groups[g + 1] : 0, 0); return; }
  const char sym[4] = {'w', 'W', 'b', 'B'};
  for (int sq = from; sq < 50; sq++) {
    if (board[sq] != 'e') continue;
    if (g == 0 && sq < 5) continue;
    if (g == 2 && sq >= 45) continue;
    board[sq] = sym[g];
    rec(g, left - 1, sq + 1);
    board[sq] = 'e';
  }
}
int main(int argc, char **argv) {
  bit_init(); hash_init(); tuple_init(); var::init(); board_init(); bb::comp_init();
  var::load("scan.ini"); var::update(); bb::init();
  int maxp = argc > 1 ? atoi(argv[1]) : 3;
  for (int n = 2; n <= maxp; n++)
    for (int a = 0; a <= n; a++) for (int b = 0; a + b <= n; b++) for (int c = 0; a + b + c <= n; c++) {
      int d = n - a - b - c;
      if (a + b == 0 || c + d == 0) continue;
      groups[0] = a; groups[1] = b; groups[2] = c; groups[3] = d;
      for (int i = 0; i < 50; i++) board[i] = 'e';
      cnt[0] = cnt[1] = cnt[2] = 0;
      rec(0, groups[0], 0);
      printf("%d%d%d%d %ld %ld %ld\n", a, b, c, d, cnt[0], cnt[1], cnt[2]);
      fflush(stdout);
    }
}
