// Guided tours a teacher can open as links (#…&view=lessons&lesson=pns-basics&at=2). Each
// lesson is a list of steps; a step is a text and the share-link fields (share.js) of the
// playground state it shows: game, position, searches, parameters and the iterations to
// replay. Opening a step opens its link, so a step shows exactly what the same link would,
// and the numbers quoted in the texts are the engine's (checked by tests/browser/lessons.test.mjs).
//
// This is content, not a list of the engine's games or searches: every name in a link is read
// and checked against the engine's catalogues like any link.

export const LESSONS = [
  {
    id: 'textbook-tree',
    title: 'A textbook tree: the PN-MCTS paper’s Figure 2',
    source: 'the PN-MCTS paper, Figure 2 and §III (seeds/pn-mcts-paper.txt); the tree as the Example select gives it',
    steps: [
      {
        link: 'g=tree&p=%5Bb%3A%5Be%3A%5Bk%3AD+l%3A%3FW%5D+f%3AL%5D+c%3A%5Bg%3A%3FW+h%3A%3FL%5D+d%3A%5Bi%3AW+j%3A%3FW%5D%5D&a=pns&goal=win&step=0',
        text: 'The tree of the PN-MCTS paper’s Figure 2, with the paper’s letters: a at the root, b, c, d below it, e to l further down. The board on the left draws the whole game; leaves say W (the first player, who moves at a, wins), L or D. The figure leaves g, h, j and l unknown: the text writes them ?W, ?L …, a leaf not yet expanded (drawn ?) that hides the value a search finds when it expands it (dashed below it). PNS starts from the root alone. Step ▶.',
      },
      {
        link: 'g=tree&p=%5Bb%3A%5Be%3A%5Bk%3AD+l%3A%3FW%5D+f%3AL%5D+c%3A%5Bg%3A%3FW+h%3A%3FL%5D+d%3A%5Bi%3AW+j%3A%3FW%5D%5D&a=pns&goal=win&step=2',
        text: 'Two iterations. The first expanded a: b, c and d, new leaves at 1/1. The second expanded b (the first of the three equal children): its child f is a lost game, and one refutation is enough at an AND node, so b is disproven: pn ∞ / dn 0. The root: pn = min(∞, 1, 1) = 1, dn = 0 + 1 + 1 = 2. Click a to check in the inspector.',
      },
      {
        link: 'g=tree&p=%5Bb%3A%5Be%3A%5Bk%3AD+l%3A%3FW%5D+f%3AL%5D+c%3A%5Bg%3A%3FW+h%3A%3FL%5D+d%3A%5Bi%3AW+j%3A%3FW%5D%5D&a=pns&goal=win&step=4',
        text: 'Four iterations: c and d are expanded too, and the tree carries the figure’s numbers. The unknown leaves g, h and j are 1/1, as the paper says (“unknown leaf nodes have pn = 1 and dpn = 1”), i is won (0/∞); so c (AND) is pn 1 + 1 = 2 / dn 1, d is 1/1, and the root a is pn min(∞, 2, 1) = 1 / dn 0 + 1 + 1 = 2. The next most-proving node is j: least pn at a (d), least dn at d (j) — the figure’s bold path a–d–j.',
      },
      {
        link: 'g=tree&p=%5Bb%3A%5Be%3A%5Bk%3AD+l%3A%3FW%5D+f%3AL%5D+c%3A%5Bg%3A%3FW+h%3A%3FL%5D+d%3A%5Bi%3AW+j%3A%3FW%5D%5D&a=pns&goal=win&step=5',
        text: 'The fifth iteration takes the bold path and expands j: its one move reaches the W it hid, so j is proven, d (i and j both won) is proven, and with it the OR root: proved after 5 iterations, proving move d. Edit the tree on the board (Edit: a click cycles a leaf, ?W → ?L → ?D on an unknown one) and step again.',
      },
    ],
  },
  {
    id: 'pns-basics',
    title: 'Proof-number search, step by step',
    source: 'Allis, van der Meulen and van den Herik 1994; the PPNS paper §2.1 (seeds/ppns-othello-connect4-paper.txt)',
    steps: [
      {
        link: 'g=tictactoe&p=12&a=pns&goal=win&step=0',
        text: 'X has played 1 (top left) and O 2 (top middle); X is to move. The question: can X force a win? PNS answers it by growing a tree. The root is an OR node (X to move: one winning move is enough); its children will be AND nodes (O to move: every reply must still lose for O). Every node carries a proof number pn (the fewest leaves that must still be proven to prove it) and a disproof number dn. The tree is just the root: a leaf, 1/1. Press Step ▶ (or the → key).',
      },
      {
        link: 'g=tictactoe&p=12&a=pns&goal=win&step=1',
        text: 'The first iteration expanded the root: one child per empty cell, seven new leaves at pn 1 / dn 1. Then the backup: at an OR node pn is the least child pn (1: proving any one child proves the root) and dn the sum of the children’s dn (7: all seven must be disproven). Click the root: the inspector shows the formula with these numbers.',
      },
      {
        link: 'g=tictactoe&p=12&a=pns&goal=win&step=2',
        text: 'Each iteration walks down from the root to a most-proving node: at an OR node the child with the least pn, at an AND node the child with the least dn (ties go to the first child). The trace under the tree says which rule picked which child. Set “Values: at selection” to see the numbers as the selection saw them, before this iteration’s backup changed them.',
      },
      {
        link: 'g=tictactoe&p=12&a=pns&goal=win&step=12',
        text: 'After 12 iterations. AND nodes add up their children’s pn: to prove an O node, every O reply must be answered. Click a node on the blue path and check in the inspector that the child marked “selected” has the least pn (at X’s nodes) or the least dn (at O’s nodes).',
      },
      {
        link: 'g=tictactoe&p=12&a=pns&goal=win&step=41',
        text: 'Iteration 41 proves the root: pn 0 / dn ∞, green. The verdict “proved” is exact: the proven nodes form a proof tree (one move at each X node, every reply at each O node). The proving move is 4 (the left middle cell): it wins. The chart below shows dn/(pn+dn) of the root at every iteration.',
      },
    ],
  },
  {
    id: 'pns-vs-ppns',
    title: 'PNS and PPNS choose different most-proving nodes',
    source: 'the PPNS paper §3 (PPN of a leaf from playouts, θ; backup as products)',
    steps: [
      {
        link: 'g=tictactoe&p=12&a=pns,ppns&goal=win&k=60&s=1&step=0',
        text: 'The same position, two searches side by side. PNS starts every leaf at 1/1: it knows nothing about a leaf until it expands it. PPNS starts a leaf at the share of 60 random playouts (k) that X wins from there, kept inside (θ, 1 − θ): its probability-based proof number PPN. An OR node’s PPN is 1 − Π(1 − PPN of its children) (it is proven if any child is), an AND node’s the product of its children’s (all must be).',
      },
      {
        link: 'g=tictactoe&p=12&a=pns,ppns&goal=win&k=60&s=1&step=2',
        text: 'After two iterations. PNS follows the first of equal children; PPNS follows the child with the highest PPN at X’s nodes and the lowest at O’s. Compare the two traces and the two blue paths: the searches expanded different nodes.',
      },
      {
        link: 'g=tictactoe&p=12&a=pns,ppns&goal=win&k=60&s=1&step=41',
        text: 'Both prove the root. PPNS needed 23 iterations, PNS 41: the playouts told PPNS where the win was. Its proving move is 5, PNS’s 4: both win (a proving move wins; it need not be the quickest win). Playouts make PPNS random; the seed (s) fixes them, so this link shows the same numbers every time.',
      },
    ],
  },
  {
    id: 'ppns-pr',
    title: 'PPNS’s prolonged search and what pr does',
    source: 'the PPNS paper §4.3 and Algorithm 6 (the precision rate pr)',
    steps: [
      {
        link: 'g=othello4&a=ppns&goal=not-lose&k=20&s=1&pr=0.1&step=600',
        text: 'Othello 4×4, Black to move: can Black avoid losing? PPNS with a precision rate pr = 0.1 stops as soon as the root’s PPN is within pr of 1 or 0. After one iteration the PPN is 0.968 and PPNS says concluded-win — a statistical conclusion, not a proof. And it is wrong.',
      },
      {
        link: 'g=othello4&a=ppns&goal=not-lose&k=20&s=1&pr=0.01&step=600',
        text: 'With pr = 0.01 PPNS goes on: the PPN falls as the tree grows, and after 64 iterations it concludes loss (PPN 0.0094). The chart of 1 − PPN on a log scale shows how near the root came to each end, with the pr line.',
      },
      {
        link: 'g=othello4&a=ppns&goal=not-lose&k=20&s=1&pr=off&step=600',
        text: 'Without pr PPNS only stops at a proof: disproved after 530 iterations — exact. The paper added pr because PPNs are products of floating-point numbers: a root can come within 1e-9 of 0 or 1 and never reach it, so the search goes on and on (the prolonged search problem). pr trades exactness for time; our verdict words keep the two apart.',
      },
    ],
  },
  {
    id: 'mcpns',
    title: 'Monte-Carlo PNS: playouts as proof numbers',
    source: 'Saito, Chaslot, Uiterwijk and van den Herik 2006; the dissertation §2.3.2',
    steps: [
      {
        link: 'g=tictactoe&p=15&a=pns,mcpns&goal=not-lose&k=60&s=1&step=0',
        text: 'X played 1, O played 5; X to move. Can X avoid losing? MCPNS is PNS where a new leaf is worth what random playouts say: with R the share of playouts the root player reaches the goal in (kept inside (θ, 1 − θ)), a leaf gets pmc = 1 − R and dmc = R. Sums and minima back up as in PNS.',
      },
      {
        link: 'g=tictactoe&p=15&a=pns,mcpns&goal=not-lose&k=60&s=1&step=3',
        text: 'After three iterations: PNS’s numbers are whole counts of leaves, MCPNS’s are fractions. A leaf random play mostly draws or wins for X is cheap to prove (small pmc), so MCPNS goes there first.',
      },
      {
        link: 'g=tictactoe&p=15&a=pns,mcpns&goal=not-lose&k=60&s=1&step=60',
        text: 'Both prove that X does not lose: PNS in 28 iterations, MCPNS in 39. Playouts are no guarantee: in this position the first-child order of PNS happens to be good. The stages experiment (the other view) measures the searches on many positions.',
      },
    ],
  },
  {
    id: 'dfpn',
    title: 'df-pn: the same numbers, depth-first, with thresholds',
    source: 'Nagai 2002; src/search/exact/dfpn.rs',
    steps: [
      {
        link: 'g=tictactoe&p=12&a=pns,dfpn&goal=win&step=0',
        text: 'df-pn computes the proof and disproof numbers of PNS but keeps no tree: it walks depth-first and stores numbers in a fixed-size table. At a node it stays with the most-proving child c while that child’s numbers stay under thresholds: at an OR node th_pn(c) = min(th_pn, pn₂ + 1), with pn₂ the second-least child pn, and th_dn(c) = th_dn − dn + dn(c). When another child becomes more proving, it returns and switches.',
      },
      {
        link: 'g=tictactoe&p=12&a=pns,dfpn&goal=win&step=200',
        text: 'Both prove the win. df-pn counts positions searched rather than iterations; its memory is the table, however long it runs, while PNS’s tree grows with every iteration. Open “How df-pn works” above the results for its rules.',
      },
    ],
  },
  {
    id: 'seesaw',
    title: 'The see-saw effect and df-pn’s 1 + ε',
    source: 'Pawlewicz and Lew 2007 (the 1 + ε trick); Kishimoto, Winands, Müller and Saito 2012 (the see-saw); src/search/exact/dfpn.rs; checked in tests/searches/seesaw.rs',
    steps: [
      {
        link: 'g=tictactoe&a=dfpn&goal=not-lose&epsilon=0&step=1000',
        text: 'Tic-tac-toe from the start: can X avoid losing? df-pn at its root gives the most-proving child c the threshold th_pn = pn₂ + 1, one more than the second-best pn. As soon as c’s pn reaches it, df-pn returns to the root and enters the other child — and when that one’s pn grows past c’s, it comes back. This back and forth is the see-saw effect. The timeline marks every entry at the root: 33 entries, 24 of them re-entries (“re-enter”) into a child it had left; proved after 708 positions.',
      },
      {
        link: 'g=tictactoe&a=dfpn&goal=not-lose&epsilon=0.5&step=1000',
        text: 'The 1 + ε trick widens the threshold to max(pn₂ + 1, ⌈pn₂ · (1 + ε)⌉), so df-pn stays longer in one child before it gives up on it. With ε = 0.5: 17 entries at the root, 8 re-entries, proved after 589 positions. (ε is a parameter of df-pn in the Search panel.)',
      },
      {
        link: 'g=tictactoe&a=dfpn&goal=not-lose&epsilon=1&step=1000',
        text: 'With ε = 1 (a child may grow to twice the second best): 9 entries, no re-entry at all, proved after 321 positions, less than half of plain df-pn’s 708. ε is no free lunch: at ε = 0.25 this run takes 744 positions, more than at 0; the trick trades a longer stay in a subtree for fewer switches, and pays when switching is what costs.',
      },
    ],
  },
  {
    id: 'balanced-trees',
    title: 'Balanced and unbalanced trees: where PPNS gains',
    source: 'the PPNS dissertation §2.4.3 (balanced vs unbalanced game-trees) and §3; the PPNS paper §1 and §5 (Othello balanced, Connect Four unbalanced; PPNS first tried on P-game trees, Song, Iida and van den Herik 2019); the trees from src/game/tree/random.rs, checked in tests/searches/random_trees.rs',
    steps: [
      {
        link: 'g=tree&p=%5B%5B%5B%5B%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BD+L%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+L%5D+%5BW+L%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+W%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5B%5BW+L%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+D%5D+%5BW+D%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+D%5D%5D+%5B%5BW+D%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+W%5D+%5BD+L%5D%5D+%5B%5BW+W%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+L%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+W%5D%5D+%5B%5BL+L%5D+%5BL+D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+W%5D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5B%5BL+L%5D+%5BD+D%5D%5D+%5B%5BL+W%5D+%5BL+L%5D%5D%5D+%5B%5B%5BW+L%5D+%5BL+L%5D%5D+%5B%5BW+D%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BL+D%5D+%5BW+W%5D%5D+%5B%5BL+W%5D+%5BL+L%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+W%5D%5D+%5B%5BW+L%5D+%5BW+D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+L%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+W%5D%5D+%5B%5BL+L%5D+%5BW+W%5D%5D%5D%5D%5D%5D%5D%5D&a=pns,ppns&goal=win&k=60&s=1&step=0',
        text: 'A random tree like the P-game trees PPNS was first tried on, made by `pnplay random-tree --shape balanced --branching 2 --depth 8 --seed 1`: every inner node has 2 children and every leaf is 8 moves deep — a balanced tree, as the PPNS dissertation (§2.4.3) calls a tree whose leaves all lie at one distance from the root (Othello, where every game fills the board). Each move carries a random value, added for the first player and subtracted for the second; a leaf is W, L or D as the sum along its line is positive, negative or 0, so neighbouring leaves are alike, as in real games. Can the first player force a win? PNS on the left, PPNS (60 playouts a leaf) on the right.',
      },
      {
        link: 'g=tree&p=%5B%5B%5B%5B%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BD+L%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+L%5D+%5BW+L%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+W%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5B%5BW+L%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+D%5D+%5BW+D%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+D%5D%5D+%5B%5BW+D%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+W%5D+%5BD+L%5D%5D+%5B%5BW+W%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+L%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+W%5D%5D+%5B%5BL+L%5D+%5BL+D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+L%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L%5D%5D+%5B%5BL+L%5D+%5BL+W%5D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5B%5BL+L%5D+%5BD+D%5D%5D+%5B%5BL+W%5D+%5BL+L%5D%5D%5D+%5B%5B%5BW+L%5D+%5BL+L%5D%5D+%5B%5BW+D%5D+%5BL+L%5D%5D%5D%5D+%5B%5B%5B%5BL+D%5D+%5BW+W%5D%5D+%5B%5BL+W%5D+%5BL+L%5D%5D%5D+%5B%5B%5BW+W%5D+%5BL+W%5D%5D+%5B%5BW+L%5D+%5BW+D%5D%5D%5D%5D%5D+%5B%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D+%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+W%5D+%5BW+W%5D%5D%5D%5D+%5B%5B%5B%5BW+W%5D+%5BW+W%5D%5D+%5B%5BW+L%5D+%5BW+W%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+W%5D%5D+%5B%5BL+L%5D+%5BW+W%5D%5D%5D%5D%5D%5D%5D%5D&a=pns,ppns&goal=win&k=60&s=1&step=200',
        text: 'Both disprove it. PNS needed 118 iterations and created 237 nodes; PPNS 50 iterations and 101 nodes. In a balanced tree every leaf is far away, so a new leaf at 1/1 tells PNS nothing about its value; PPNS’s playouts reach the leaves and read their values, so it knows early which moves are bad. On 20 such trees (seeds 1 to 20) PPNS needs fewer iterations on all 20: 922 in all against 2,434.',
      },
      {
        link: 'g=tree&p=%5B%5BD%5D+%5BW+%5B%5BW+%5B%5BL%5D+%5BL%5D+%5B%5B%5BL+W%5D+%5BL+L+L%5D%5D+%5B%5BW+W%5D+%5BL%5D+%5BW%5D%5D%5D%5D%5D+%5BW+W%5D%5D+%5B%5B%5B%5B%5B%5BL+D%5D+%5BL+L+L%5D+%5BL%5D%5D+%5B%5BL%5D%5D%5D+%5B%5B%5BL%5D+%5BL+L%5D+%5BL+W%5D%5D+D%5D+%5B%5B%5BL+W+L%5D%5D+%5B%5BW+L%5D%5D%5D%5D+L+%5B%5BW+%5B%5BW%5D+%5BW+W%5D+%5BD+W%5D%5D+W%5D+%5B%5B%5BW%5D+%5BW+W%5D%5D+%5B%5BW+W%5D%5D+%5B%5BW+W%5D%5D%5D%5D%5D+%5B%5B%5BL%5D+%5B%5B%5BW%5D%5D%5D+%5B%5B%5BW+W+W%5D%5D%5D%5D+W+D%5D+%5B%5B%5B%5B%5BD+W%5D%5D%5D+%5B%5B%5BW+W+W%5D+%5BL+D%5D%5D+%5B%5BW%5D+%5BW+W+W%5D+%5BW+W%5D%5D%5D+%5BW+%5B%5BW%5D+%5BW+W%5D%5D%5D%5D%5D%5D%5D+%5BD+%5B%5B%5B%5BL+%5B%5BL%5D+%5BL+L+L%5D+%5BW%5D%5D%5D+%5BL+L%5D+%5B%5B%5BL+L+L%5D%5D+L%5D%5D%5D+%5BD%5D%5D+%5B%5B%5B%5B%5B%5BW+W%5D+%5BL+L%5D%5D%5D+%5B%5B%5BL+L+L%5D%5D%5D+%5B%5B%5BL+W%5D+%5BW%5D+%5BL+L%5D%5D+%5B%5BW%5D+%5BW+W+W%5D%5D+D%5D%5D+%5B%5B%5B%5BW%5D+%5BL+L%5D+%5BD+L%5D%5D+%5B%5BD+L+L%5D%5D+%5B%5BW+W+W%5D%5D%5D+%5B%5B%5BL+L+L%5D+%5BW%5D+%5BW+W+L%5D%5D+%5B%5BW+W%5D+%5BD+L+L%5D+%5BW+D+L%5D%5D%5D+%5B%5B%5BL+D%5D+%5BL+W+W%5D%5D%5D%5D+%5B%5BL+%5B%5BW%5D%5D+W%5D+%5B%5B%5BL+L%5D+%5BL%5D+%5BW%5D%5D+%5B%5BW%5D+%5BL+L+L%5D%5D+%5B%5BW+W%5D+%5BD+L%5D%5D%5D%5D%5D+%5B%5B%5BL+%5B%5BL%5D+%5BL+L+L%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L+L%5D+%5BL+L+L%5D%5D+L%5D+%5B%5B%5BL+L+L%5D+%5BL+L+L%5D+%5BL+L+L%5D%5D+%5B%5BL+L%5D+%5BL+L+L%5D+%5BL+L+L%5D%5D+%5B%5BL+L+L%5D%5D%5D%5D+%5B%5B%5B%5BL+L%5D%5D+%5B%5BL%5D+%5BL+L+L%5D%5D%5D+%5BL+D%5D%5D%5D%5D%5D%5D&a=pns,ppns&goal=win&k=60&s=1&step=0',
        text: 'Now an unbalanced tree of the same size, `pnplay random-tree --shape unbalanced --branching 2 --depth 8 --seed 1`: each node has 1 to 3 children (2 on average) and after each round the game ends early with probability 1/3 — leaves at depths 2, 4, 6 and 8, like the sudden deaths of Connect Four, which the PPNS papers call unbalanced (a game can be won between 13 and 42 plies). Values are drawn as before.',
      },
      {
        link: 'g=tree&p=%5B%5BD%5D+%5BW+%5B%5BW+%5B%5BL%5D+%5BL%5D+%5B%5B%5BL+W%5D+%5BL+L+L%5D%5D+%5B%5BW+W%5D+%5BL%5D+%5BW%5D%5D%5D%5D%5D+%5BW+W%5D%5D+%5B%5B%5B%5B%5B%5BL+D%5D+%5BL+L+L%5D+%5BL%5D%5D+%5B%5BL%5D%5D%5D+%5B%5B%5BL%5D+%5BL+L%5D+%5BL+W%5D%5D+D%5D+%5B%5B%5BL+W+L%5D%5D+%5B%5BW+L%5D%5D%5D%5D+L+%5B%5BW+%5B%5BW%5D+%5BW+W%5D+%5BD+W%5D%5D+W%5D+%5B%5B%5BW%5D+%5BW+W%5D%5D+%5B%5BW+W%5D%5D+%5B%5BW+W%5D%5D%5D%5D%5D+%5B%5B%5BL%5D+%5B%5B%5BW%5D%5D%5D+%5B%5B%5BW+W+W%5D%5D%5D%5D+W+D%5D+%5B%5B%5B%5B%5BD+W%5D%5D%5D+%5B%5B%5BW+W+W%5D+%5BL+D%5D%5D+%5B%5BW%5D+%5BW+W+W%5D+%5BW+W%5D%5D%5D+%5BW+%5B%5BW%5D+%5BW+W%5D%5D%5D%5D%5D%5D%5D+%5BD+%5B%5B%5B%5BL+%5B%5BL%5D+%5BL+L+L%5D+%5BW%5D%5D%5D+%5BL+L%5D+%5B%5B%5BL+L+L%5D%5D+L%5D%5D%5D+%5BD%5D%5D+%5B%5B%5B%5B%5B%5BW+W%5D+%5BL+L%5D%5D%5D+%5B%5B%5BL+L+L%5D%5D%5D+%5B%5B%5BL+W%5D+%5BW%5D+%5BL+L%5D%5D+%5B%5BW%5D+%5BW+W+W%5D%5D+D%5D%5D+%5B%5B%5B%5BW%5D+%5BL+L%5D+%5BD+L%5D%5D+%5B%5BD+L+L%5D%5D+%5B%5BW+W+W%5D%5D%5D+%5B%5B%5BL+L+L%5D+%5BW%5D+%5BW+W+L%5D%5D+%5B%5BW+W%5D+%5BD+L+L%5D+%5BW+D+L%5D%5D%5D+%5B%5B%5BL+D%5D+%5BL+W+W%5D%5D%5D%5D+%5B%5BL+%5B%5BW%5D%5D+W%5D+%5B%5B%5BL+L%5D+%5BL%5D+%5BW%5D%5D+%5B%5BW%5D+%5BL+L+L%5D%5D+%5B%5BW+W%5D+%5BD+L%5D%5D%5D%5D%5D+%5B%5B%5BL+%5B%5BL%5D+%5BL+L+L%5D%5D%5D+%5B%5B%5BL+L%5D+%5BL+L+L%5D+%5BL+L+L%5D%5D+L%5D+%5B%5B%5BL+L+L%5D+%5BL+L+L%5D+%5BL+L+L%5D%5D+%5B%5BL+L%5D+%5BL+L+L%5D+%5BL+L+L%5D%5D+%5B%5BL+L+L%5D%5D%5D%5D+%5B%5B%5B%5BL+L%5D%5D+%5B%5BL%5D+%5BL+L+L%5D%5D%5D+%5BL+D%5D%5D%5D%5D%5D%5D&a=pns,ppns&goal=win&k=60&s=1&step=200',
        text: 'Both prove the win, with b. PNS needed 23 iterations and 48 nodes, PPNS 10 iterations and 23 nodes. Here PPNS wins again, but on unbalanced trees its lead is smaller and not sure: early leaves are exact information PNS uses as well (a proven leaf makes its pn 0 at once), so the playouts add less. On 20 such trees PPNS needs fewer iterations on 10 of them only: 226 in all against 390 — as the papers found, PPNS is the solver for balanced trees, and a good one, not always the best, on unbalanced ones. Try other seeds with `pnplay random-tree` and paste a tree into the Position text field (game Textbook tree).',
      },
    ],
  },
  {
    id: 'pnmcts-rank',
    title: 'PN-MCTS and UCT: the rank bonus at work',
    source: 'the PN-MCTS paper, §II formula (1), §IV formula (2) and Figure 2 (seeds/pn-mcts-paper.txt); src/search/mcts/pnmcts.rs; checked in tests/browser/lessons-pnmcts.test.mjs',
    steps: [
      {
        link: 'g=tree&p=%5Bb%3A%5Be%3A%5Bk%3AD+l%3A%3FW%5D+f%3AL%5D+c%3A%5Bg%3A%3FW+h%3A%3FL%5D+d%3A%5Bi%3AW+j%3A%3FW%5D%5D&a=mcts,pnmcts&goal=win&s=1&step=5',
        text: 'The PN-MCTS paper’s Figure 2 again, now with UCT (left) and PN-MCTS (right), five iterations each. UCT picks the child maximising formula (1), v_i + C·√(ln n_p / n_i): its mean and an exploration term. PN-MCTS adds formula (2)’s bonus C_pn·(1 − rank_i / max rank), where rank_i is the child’s place by pn at an OR node (1: the least). Click the root a of the PN-MCTS tree: b is disproven (pn ∞, rank 2), c and d have pn 1 (rank 1), so c and d get 1·(1 − 1/2) = 0.5 and b none. The next selection: d = 1 + 1.414·√(ln 5 / 2) + 0.5 = 2.769 against c’s 1.294 — d, the figure’s most-proving child.',
      },
      {
        link: 'g=tree&p=%5Bb%3A%5Be%3A%5Bk%3AD+l%3A%3FW%5D+f%3AL%5D+c%3A%5Bg%3A%3FW+h%3A%3FL%5D+d%3A%5Bi%3AW+j%3A%3FW%5D%5D&a=mcts,pnmcts&goal=win&s=1&step=7',
        text: 'PN-MCTS proves the root after 6 iterations, UCT (with the MCTS-Solver) after 7, both with d. PN-MCTS expands all the children of a leaf at once and backs up pn and dn as PNS does, so once j’s hidden W is reached, d (i and j won) and the root are proven by the numbers themselves; the rank bonus had steered the last selections to d.',
      },
      {
        link: 'g=tictactoe&p=12&a=pnmcts&goal=win&s=1&step=20',
        text: 'A real position: tic-tac-toe, X played 1 and O 2; can X force a win? PN-MCTS after 20 iterations. Click the root: the children 3, 5, 6 and 7 are expanded AND nodes with pn 6 (every O reply must be refuted; rank 2), while 4, 8 and 9 have lost their one play-out (mean −1) but are still unexpanded at pn 1 (rank 1, bonus 0.5). Without the bonus the highest value would be 3’s 0.3333 + 1.414·√(ln 20 / 3) = 1.747, and UCT’s rule would take 3; with it, 4 scores −1 + 1.414·√(ln 20 / 1) + 1·(1 − 1/2) = 1.948 and is selected: the bonus sends the search to the child that is cheapest to prove, whatever its play-outs said.',
      },
      {
        link: 'g=tictactoe&p=12&a=mcts,pnmcts&goal=win&s=1&step=300',
        text: 'Both prove that X wins, with 7: UCT with the MCTS-Solver after 243 iterations, PN-MCTS after 71. The proof numbers find the proof; the means still choose among children of equal rank. With C_pn = 0 (the cpn parameter) PN-MCTS is UCT with full expansion: try it.',
      },
    ],
  },
  {
    id: 'ghi',
    title: 'The graph-history interaction: a table that forgets the path',
    source: 'Hsu’s TCG slides, “GHI problem”, slides 3–10 (seeds/tcg-advanced-topics-slides.txt), after Campbell 1985; the graph is the Example “TCG slides, the GHI problem”; checked against brute force in tests/searches/ghi.rs',
    steps: [
      {
        link: 'g=tree&p=%5Bc%3A%5Bf%3A%5Bj%3A%5Ej%5D+k%3A%5BW%5D%5D+b%3A%5Bd%3A%5Bg%3A%5Bi%3A%5Bj%3A%5Bd%3A%5Ed%5D%5D%5D+h%3A%5BW%5D%5D+e%3A%5B%5BL%5D+%5BL%5D+%5BL%5D%5D%5D%5D&a=pns&goal=win&step=0',
        text: 'The graph of Hsu’s slides on the graph-history interaction, with their letters. a moves to b or c; b to d or e (e loses); c to f (or k, a second reply); d to g or h (h wins); g to i, i to j, f to j too, and j back to d. In the text a move written ^d leads to the node d: the tree becomes a graph. The rule: a move back to a node already on the line played ends the game, lost for the first player (the slides: “the loop is loss”). So j is lost after a b d g i (its only move repeats d) but won after a c f (d is new: d h wins). The value of j depends on the path to it.',
      },
      {
        link: 'g=tree&p=%5Bc%3A%5Bf%3A%5Bj%3A%5Ej%5D+k%3A%5BW%5D%5D+b%3A%5Bd%3A%5Bg%3A%5Bi%3A%5Bj%3A%5Bd%3A%5Ed%5D%5D%5D+h%3A%5BW%5D%5D+e%3A%5B%5BL%5D+%5BL%5D+%5BL%5D%5D%5D%5D&a=pns&goal=win&step=10',
        text: 'PNS keeps a tree of lines, no table: every node is one line, so j after b d g i and j after c f are two nodes with their own numbers. Proved after 10 iterations, proving move c: a c f j d h. This is the right answer; the test tests/searches/ghi.rs checks it against brute force, a minimax that carries the line played.',
      },
      {
        link: 'g=tree&p=%5Bc%3A%5Bf%3A%5Bj%3A%5Ej%5D+k%3A%5BW%5D%5D+b%3A%5Bd%3A%5Bg%3A%5Bi%3A%5Bj%3A%5Bd%3A%5Ed%5D%5D%5D+h%3A%5BW%5D%5D+e%3A%5B%5BL%5D+%5BL%5D+%5BL%5D%5D%5D%5D&a=dfpn&ghi=naive&goal=win&step=200',
        text: 'df-pn with a naive transposition table (ghi = naive: the table keyed by the node alone). df-pn enters c first, but c’s two replies f and k give it pn 2, which reaches its threshold (b’s pn + 1 = 2), so it turns to b and goes down b d g i j: j’s move to d repeats, so j is lost, and the table stores “j: lost”. d is proven by h, b disproven by e. Then c f j: the table answers “j: lost” for a line on which it is won, so f, c and the root are disproved after 16 positions — the wrong answer of the slides.',
      },
      {
        link: 'g=tree&p=%5Bc%3A%5Bf%3A%5Bj%3A%5Ej%5D+k%3A%5BW%5D%5D+b%3A%5Bd%3A%5Bg%3A%5Bi%3A%5Bj%3A%5Bd%3A%5Ed%5D%5D%5D+h%3A%5BW%5D%5D+e%3A%5B%5BL%5D+%5BL%5D+%5BL%5D%5D%5D%5D&a=dfpn&goal=win&step=200',
        text: 'The fix (ghi = path, df-pn’s default): the table’s key is the node and the nodes already on the line, the part of the history the repetition rule reads (the slides’ “store the path”, cheap here because the graph is small). j after b d g i and j after c f are two entries; df-pn proves the root after 25 positions, proving move c. Try pns-dag too: its key is the same exact key.',
      },
    ],
  },
];

/** The lesson with id `id`, or null. */
export function lesson(id) {
  return LESSONS.find((l) => l.id === id) ?? null;
}
