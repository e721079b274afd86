// Every word the UI shows, in English and Vietnamese; the choice is remembered.

const STORE = 'ply.lang';

const en = {
  locale: 'en-GB',
  'nav.skip': 'Skip to content', 'nav.play': 'Play', 'nav.games': 'Games', 'nav.lab': 'Lab',
  'footer.text': 'ply — game-tree search you can watch.', 'footer.keys': 'shortcuts',
  'common.close': 'Close', 'common.cancel': 'Cancel',
  'notfound.title': 'Page not found', 'notfound.home': 'Back to the start',
  'home.title': 'Play, and watch the search think',
  'home.lead': 'Tic-tac-toe, caro, xiangqi and chess against one search engine — the textbook alpha-beta from the tutorials, or the strong engine. Every game is kept.',
  'home.game': 'Game', 'home.soon': 'Coming soon',
  'home.blurb.cells': 'Three in a row on a 3×3 grid', 'home.blurb.points': 'Five in a row, stones on a grid',
  'home.blurb.checkered': 'The classic: checkmate the king', 'home.blurb.river_and_palaces': 'Chinese chess: river, palaces, cannons',
  'home.size': 'Board size ({min}–{max})', 'home.rule': 'Rule', 'home.position': 'Start position (optional)',
  'home.positionHelp': 'Paste a FEN or board string (a Chess960 X-FEN for Chess960); empty for the usual start.', 'home.side': 'Your side', 'home.playAs': 'Play {side}',
  'home.bothSides': 'Both (two players)', 'home.level': 'Computer', 'home.time': 'Time per move', 'home.seconds': '{s} s',
  'home.classicHelp': 'Classic: the tutorial’s alpha-beta to a fixed depth, with its simple evaluation.',
  'home.strongHelp': 'Strong: the full engine (iterative deepening, table, pruning) for the time you choose.',
  'home.start': 'Start the game', 'home.resume': 'Games in progress', 'home.allGames': 'All games →',
  'rule.freestyle': 'Freestyle (five or more)', 'rule.standard': 'Standard (exactly five)', 'rule.caro': 'Caro (blocked five does not win)',
  'rule.caro5': 'Caro, exactly five', 'rule.renju': 'Renju',
  'level.classic': 'Classic', 'level.strong': 'Strong',
  'algorithm.minimax': 'minimax', 'algorithm.alphabeta': 'alpha-beta', 'algorithm.engine': 'engine',
  'play.undo': 'Undo', 'play.redo': 'Redo', 'play.new': 'New game', 'play.flip': 'Flip', 'play.hint': 'Hint',
  'play.movenow': 'Move now', 'play.analyze': 'Score moves', 'play.resign': 'Resign',
  'play.resignConfirm': 'Resign this game?', 'play.type': 'Type a move', 'play.typeHint': 'Type a move, e.g. {example}',
  'play.play': 'Play', 'play.moves': 'Moves', 'play.noMoves': 'No moves yet.', 'play.log': 'Search log',
  'play.human': 'you', 'play.computer': 'computer ({level})', 'play.toMove': 'to move', 'play.thinking': 'thinking…',
  'play.meta': 'Game #{id} · {level} · {s} s per move', 'play.export': 'Export', 'play.openLab': 'Open in the lab',
  'play.allGames': 'All games', 'play.promote': 'Promote to', 'play.taken': '{cell} is taken', 'play.stuck': 'The piece on {cell} has no legal move', 'play.choose': 'Which move?', 'play.hintIs': 'Hint: {move}',
  'play.again': 'Play again', 'play.missing': 'This game cannot be opened',
  'play.boardLabel': '{title} board', 'play.boardHelp': 'Arrow keys move the cursor; Enter selects or plays.',
  // Moving pieces: settings (animation, premove, sound) and zooming dense boards.
  'play.settings': 'Settings', 'settings.title': 'Moving pieces',
  'settings.animation': 'Animate moves', 'settings.animationHelp': 'Pieces slide to their new square (never when your system asks for reduced motion).',
  'settings.premove': 'Premove', 'settings.premoveHelp': 'While the computer thinks, queue your next move; it is played at once if legal. A click on an empty square or a right click cancels it.',
  'settings.sound': 'Move sound', 'settings.soundHelp': 'A knock for each move, a sharper one for a capture.',
  'zoom.label': 'Zoom the board', 'zoom.in': 'Zoom in', 'zoom.out': 'Zoom out', 'zoom.fit': 'Whole board', 'zoom.fitHelp': 'Show the whole board',
  'zoom.tapped': 'Zoomed in so a finger hits one point: tap again to play.',
  'status.wins': '{side} wins', 'status.draw': 'Draw', 'status.toMove': '{side} to move', 'status.yourMove': 'Your move ({side})',
  'think.move': '{side} is thinking', 'think.hint': 'Looking for a hint', 'think.analysis': 'Scoring every move',
  'review.start': '◀ Review the moves', 'review.first': 'First position', 'review.prev': 'Previous move', 'review.next': 'Next move',
  'review.last': 'Last move', 'review.back': 'Back to the game', 'review.position': 'Move {ply} of {total}',
  'log.start.move': '{side} thinks', 'log.start.hint': 'Hint search', 'log.start.analysis': 'Scoring every legal move',
  'log.seconds': '{s} s', 'log.col.depth': 'depth', 'log.col.score': 'score', 'log.col.nodes': 'nodes', 'log.col.nps': 'nodes/s',
  'log.col.time': 'time', 'log.col.pv': 'line', 'log.col.move': 'move',
  'log.tries': 'tries {move}: {score}', 'log.done.move': 'plays {move}', 'log.done.none': 'stopped without a move',
  'log.done.hint': 'hint: {move}', 'log.done.analysis': 'best: {move}',
  'log.summary': 'score {score} · depth {depth} · {nodes} nodes · {ms} ms', 'log.stopped': 'moved on request', 'log.proven': 'proven',
  'log.table': 'Every legal move', 'score.win_in': 'win in {n}', 'score.loss_in': 'loss in {n}',
  'piece.queen': 'Queen', 'piece.rook': 'Rook', 'piece.bishop': 'Bishop', 'piece.knight': 'Knight', 'piece.king': 'King', 'piece.pawn': 'Pawn',
  'score.threat_for': 'winning threat', 'score.threat_against': 'losing threat',
  'keys.title': 'Keyboard shortcuts', 'keys.undo': 'Undo', 'keys.redo': 'Redo', 'keys.new': 'New game', 'keys.flip': 'Flip the board',
  'keys.hint': 'Hint', 'keys.movenow': 'Move now', 'keys.analyze': 'Score every move', 'keys.review': 'Step through the moves',
  'keys.board': 'Play from the keyboard (board focused)', 'keys.escape': 'Clear the selection', 'keys.help': 'This help',
  'games.title': 'Your games', 'games.none': 'No games yet.', 'games.start': 'Start one',
  'games.col.game': 'Game', 'games.col.players': 'Players', 'games.col.moves': 'Moves', 'games.col.result': 'Result',
  'games.col.updated': 'Last move', 'games.col.actions': '', 'games.ongoing': 'in progress', 'games.resume': 'Resume',
  'games.review': 'Review', 'games.delete': 'Delete', 'games.deleteConfirm': 'Delete game #{id} for good?',
  'games.newer': '← Newer', 'games.older': 'Older →', 'games.range': '{from}–{to} of {total}', 'games.movesCount': '{n} moves',
  'lab.title': 'The lab: minimax against alpha-beta',
  'lab.lead': 'Search one small position both ways and watch what alpha-beta never has to look at. Step through either search node by node.',
  'lab.game': 'Game', 'lab.position': 'Position (empty: the start)', 'lab.depth': 'Depth (plies)', 'lab.level': 'Evaluation',
  'lab.presets': 'Try:', 'lab.empty': 'empty board', 'lab.run': 'Search', 'lab.running': 'Searching…',
  'lab.caps': 'At most 12 plies and 5,000,000 positions.',
  'lab.counts': 'Positions visited at depth {depth}', 'lab.col.search': 'Search', 'lab.col.nodes': 'Positions',
  'lab.col.value': 'Value', 'lab.col.line': 'Line / best', 'lab.col.time': 'Time',
  'lab.search.minimax': 'Minimax', 'lab.search.alphabeta': 'Alpha-beta', 'lab.search.ordered': 'Alpha-beta + ordering',
  'lab.search.table': '+ transposition table',
  'lab.explain.minimax': 'every move of every node', 'lab.explain.alphabeta': 'same order, cut-offs when α ≥ β',
  'lab.explain.ordered': 'the engine: iterative deepening, best moves first, no table',
  'lab.explain.table': 'the engine remembering positions it has seen',
  'lab.saved': 'Alpha-beta skipped {pct}% of minimax’s positions and found the same value. The root has {moves} legal moves.',
  'lab.treeOf': 'search tree of {name}', 'lab.step': 'step', 'lab.stepOf': 'step {step} / {last}',
  'lab.first': 'first step', 'lab.prev': 'previous step', 'lab.next': 'next step', 'lab.last': 'last step',
  'lab.truncated': 'Showing the first {shown} of {total} positions.', 'lab.more': '+{n} more', 'lab.root': 'root',
  'lab.enters': 'Enters {node} ({side}) with α = {alpha}, β = {beta}.',
  'lab.cuts': 'Cut-off at {node}: α {alpha} ≥ β {beta}, so {moves} are never searched; value {value}.',
  'lab.leaves.terminal': '{node}: the game is over here, value {value}.',
  'lab.leaves.horizon': '{node}: depth reached, the evaluation says {value}.',
  'lab.leaves.interior': '{node}: all replies searched, value {value}.',
  // Clocks (time controls on the home page, a clock per side on the play page).
  'clock.field': 'Time control', 'clock.untimed': 'Untimed', 'clock.custom': 'Custom…',
  'clock.minutes': 'Minutes per side', 'clock.increment': 'Increment per move (seconds)',
  'clock.help': 'Each side’s clock runs on its turn and gains the increment after each move. A fallen flag loses, or draws when the other side cannot win. Moves cannot be taken back in a timed game, and the computer thinks on its own clock.',
  'clock.label': '{side}’s clock: {time}', 'clock.meta': 'Game #{id} · {level} · clock {control}',
  'lab.legend': '▲ MAX (the player to move at the root) takes the largest value, ▼ MIN the smallest. ✂ marks moves alpha-beta cut off. Click a node to open or close it.',
  // Notations, titles, results and server errors (vi: Vietnamese in full).
  'nav.main': 'main', 'nav.language': 'Language',
  'notation.label': 'Notation', 'notation.coordinates': 'Coordinates', 'notation.san': 'SAN',
  'notation.wxf': 'WXF', 'notation.chinese': 'Chinese', 'notation.vietnamese': 'Vietnamese',
  'notation.xiangqi.coordinates': 'Coordinates (ICCS)', 'notation.chess.coordinates': 'Coordinates (UCI)',
  'notation.chess.vietnamese': 'SAN with Vietnamese letters (V H X T M)',
  'title.rule.freestyle': 'freestyle', 'title.rule.standard': 'standard', 'title.rule.caro': 'caro',
  'title.rule.caro5': 'caro5', 'title.rule.renju': 'renju', 'title.flag.chess960': 'Chess960',
  'error.no_game': 'There is no game {subject}.', 'error.unknown_game': 'There is no such game.',
  'error.move_illegal': '{subject} is not legal here.', 'error.move_unreadable': 'Cannot read “{subject}” as a move.',
  'error.move_ambiguous': '“{subject}” could be several moves: write more of it.', 'error.game_over': 'The game is over.',
  'error.bad_option': 'An option has a value the game does not take.', 'error.bad_position': 'That position cannot be read or cannot happen.',
  'error.bad_notation': 'Unknown notation.', 'error.not_found': 'Not found.', 'error.bad_request': 'The request cannot be read.',
  'error.conflict': 'Not now: the game has moved on or the computer is thinking.', 'error.unprocessable': 'The server refused this.',
  'error.too_large': 'Too large.', 'error.busy': 'The server is busy; try again.', 'error.unavailable': 'The server is not ready.',
  'error.internal': 'The server failed; nothing was lost.', 'error.refused': 'The server refused this.',
};

const vi = {
  locale: 'vi-VN',
  'nav.skip': 'Bỏ qua, tới nội dung', 'nav.play': 'Chơi', 'nav.games': 'Ván đã chơi', 'nav.lab': 'Phòng thí nghiệm',
  'footer.text': 'ply — xem thuật toán tìm kiếm cây trò chơi suy nghĩ.', 'footer.keys': 'phím tắt',
  'common.close': 'Đóng', 'common.cancel': 'Huỷ',
  'notfound.title': 'Không tìm thấy trang', 'notfound.home': 'Về trang đầu',
  'home.title': 'Chơi cờ và xem máy suy nghĩ',
  'home.lead': 'Cờ ca-rô 3×3, cờ ca-rô, cờ tướng và cờ vua với cùng một bộ máy tìm kiếm — alpha-beta kinh điển trong bài hướng dẫn, hoặc máy mạnh. Mọi ván cờ đều được lưu lại.',
  'home.game': 'Trò chơi', 'home.soon': 'Sắp có',
  'home.blurb.cells': 'Ba quân thẳng hàng trên lưới 3×3', 'home.blurb.points': 'Năm quân liên tiếp trên bàn lưới',
  'home.blurb.checkered': 'Kinh điển: chiếu hết vua đối phương', 'home.blurb.river_and_palaces': 'Cờ tướng: sông, cung, pháo',
  'home.size': 'Kích thước bàn ({min}–{max})', 'home.rule': 'Luật', 'home.position': 'Thế cờ bắt đầu (tuỳ chọn)',
  'home.positionHelp': 'Dán FEN hoặc chuỗi bàn cờ (X-FEN cho cờ vua 960); để trống để bắt đầu như thường lệ.', 'home.side': 'Bạn cầm quân', 'home.playAs': 'Cầm {side}',
  'home.bothSides': 'Cả hai (hai người)', 'home.level': 'Máy', 'home.time': 'Thời gian mỗi nước', 'home.seconds': '{s} giây',
  'home.classicHelp': 'Cổ điển: alpha-beta của bài hướng dẫn, độ sâu cố định, hàm đánh giá đơn giản.',
  'home.strongHelp': 'Mạnh: toàn bộ máy (tìm sâu dần, bảng băm, cắt tỉa) trong thời gian bạn chọn.',
  'home.start': 'Bắt đầu ván', 'home.resume': 'Ván đang chơi dở', 'home.allGames': 'Tất cả các ván →',
  'rule.freestyle': 'Tự do (năm quân trở lên)', 'rule.standard': 'Chuẩn (đúng năm quân)', 'rule.caro': 'Ca-rô (chặn hai đầu không thắng)',
  'rule.caro5': 'Ca-rô, đúng năm quân', 'rule.renju': 'Renju',
  'level.classic': 'Cổ điển', 'level.strong': 'Mạnh',
  'algorithm.minimax': 'minimax', 'algorithm.alphabeta': 'alpha-beta', 'algorithm.engine': 'máy tìm kiếm',
  'play.undo': 'Đi lại', 'play.redo': 'Đi tiếp', 'play.new': 'Ván mới', 'play.flip': 'Xoay bàn', 'play.hint': 'Gợi ý',
  'play.movenow': 'Đi ngay', 'play.analyze': 'Chấm điểm', 'play.resign': 'Xin thua',
  'play.resignConfirm': 'Xin thua ván này?', 'play.type': 'Gõ nước đi', 'play.typeHint': 'Gõ nước đi, ví dụ {example}',
  'play.play': 'Đi', 'play.moves': 'Các nước đã đi', 'play.noMoves': 'Chưa có nước nào.', 'play.log': 'Nhật ký tìm kiếm',
  'play.human': 'bạn', 'play.computer': 'máy ({level})', 'play.toMove': 'đến lượt', 'play.thinking': 'đang nghĩ…',
  'play.meta': 'Ván #{id} · {level} · {s} giây mỗi nước', 'play.export': 'Xuất ván cờ', 'play.openLab': 'Mở trong phòng thí nghiệm',
  'play.allGames': 'Tất cả các ván', 'play.promote': 'Phong cấp thành', 'play.taken': 'Ô {cell} đã có quân', 'play.stuck': 'Quân ở {cell} không có nước đi hợp lệ', 'play.choose': 'Nước nào?', 'play.hintIs': 'Gợi ý: {move}',
  'play.again': 'Chơi ván nữa', 'play.missing': 'Không mở được ván này',
  'play.boardLabel': 'Bàn cờ {title}', 'play.boardHelp': 'Phím mũi tên di chuyển con trỏ; Enter để chọn hoặc đi.',
  // Moving pieces: settings (animation, premove, sound) and zooming dense boards.
  'play.settings': 'Cài đặt', 'settings.title': 'Cách đi quân',
  'settings.animation': 'Hiệu ứng nước đi', 'settings.animationHelp': 'Quân trượt tới ô mới (không bao giờ khi hệ thống của bạn yêu cầu giảm chuyển động).',
  'settings.premove': 'Đi sẵn', 'settings.premoveHelp': 'Trong lúc máy nghĩ, xếp sẵn nước tiếp theo; nước đó được đi ngay nếu hợp lệ. Bấm vào ô trống hoặc bấm chuột phải để hủy.',
  'settings.sound': 'Âm thanh nước đi', 'settings.soundHelp': 'Một tiếng gõ cho mỗi nước, tiếng sắc hơn khi ăn quân.',
  'zoom.label': 'Phóng lớn bàn cờ', 'zoom.in': 'Phóng lớn', 'zoom.out': 'Nhỏ lại', 'zoom.fit': 'Cả bàn', 'zoom.fitHelp': 'Xem toàn bộ bàn cờ',
  'zoom.tapped': 'Đã phóng lớn để ngón tay chạm đúng một giao điểm: chạm lần nữa để đi.',
  'status.wins': '{side} thắng', 'status.draw': 'Hoà', 'status.toMove': '{side} đi', 'status.yourMove': 'Đến lượt bạn ({side})',
  'think.move': '{side} đang nghĩ', 'think.hint': 'Đang tìm gợi ý', 'think.analysis': 'Đang chấm điểm mọi nước',
  'review.start': '◀ Xem lại các nước', 'review.first': 'Thế cờ đầu', 'review.prev': 'Nước trước', 'review.next': 'Nước sau',
  'review.last': 'Nước cuối', 'review.back': 'Trở lại ván cờ', 'review.position': 'Nước {ply} / {total}',
  'log.start.move': '{side} suy nghĩ', 'log.start.hint': 'Tìm gợi ý', 'log.start.analysis': 'Chấm điểm mọi nước hợp lệ',
  'log.seconds': '{s} giây', 'log.col.depth': 'sâu', 'log.col.score': 'điểm', 'log.col.nodes': 'nút', 'log.col.nps': 'nút/s',
  'log.col.time': 'giây', 'log.col.pv': 'biến chính', 'log.col.move': 'nước',
  'log.tries': 'thử {move}: {score}', 'log.done.move': 'đi {move}', 'log.done.none': 'dừng mà không đi',
  'log.done.hint': 'gợi ý: {move}', 'log.done.analysis': 'tốt nhất: {move}',
  'log.summary': 'điểm {score} · độ sâu {depth} · {nodes} nút · {ms} ms', 'log.stopped': 'đi theo yêu cầu', 'log.proven': 'đã chứng minh',
  'log.table': 'Mọi nước hợp lệ', 'score.win_in': 'thắng sau {n}', 'score.loss_in': 'thua sau {n}',
  'piece.queen': 'Hậu', 'piece.rook': 'Xe', 'piece.bishop': 'Tượng', 'piece.knight': 'Mã', 'piece.king': 'Vua', 'piece.pawn': 'Tốt',
  'score.threat_for': 'đe doạ thắng', 'score.threat_against': 'bị đe doạ',
  'keys.title': 'Phím tắt', 'keys.undo': 'Đi lại', 'keys.redo': 'Đi tiếp', 'keys.new': 'Ván mới', 'keys.flip': 'Xoay bàn cờ',
  'keys.hint': 'Gợi ý', 'keys.movenow': 'Bắt máy đi ngay', 'keys.analyze': 'Chấm điểm mọi nước', 'keys.review': 'Xem lại từng nước',
  'keys.board': 'Chơi bằng bàn phím (khi bàn cờ được chọn)', 'keys.escape': 'Bỏ chọn', 'keys.help': 'Bảng này',
  'games.title': 'Các ván của bạn', 'games.none': 'Chưa có ván nào.', 'games.start': 'Bắt đầu một ván',
  'games.col.game': 'Trò chơi', 'games.col.players': 'Người chơi', 'games.col.moves': 'Số nước', 'games.col.result': 'Kết quả',
  'games.col.updated': 'Nước cuối lúc', 'games.col.actions': '', 'games.ongoing': 'đang chơi', 'games.resume': 'Chơi tiếp',
  'games.review': 'Xem lại', 'games.delete': 'Xoá', 'games.deleteConfirm': 'Xoá hẳn ván #{id}?',
  'games.newer': '← Mới hơn', 'games.older': 'Cũ hơn →', 'games.range': '{from}–{to} trên {total}', 'games.movesCount': '{n} nước',
  'lab.title': 'Phòng thí nghiệm: minimax và alpha-beta',
  'lab.lead': 'Tìm kiếm một thế cờ nhỏ theo hai cách và xem những nhánh alpha-beta không cần xét. Đi từng bước qua từng nút của mỗi lần tìm.',
  'lab.game': 'Trò chơi', 'lab.position': 'Thế cờ (để trống: thế ban đầu)', 'lab.depth': 'Độ sâu (nước)', 'lab.level': 'Hàm đánh giá',
  'lab.presets': 'Thử:', 'lab.empty': 'bàn trống', 'lab.run': 'Tìm kiếm', 'lab.running': 'Đang tìm…',
  'lab.caps': 'Tối đa 12 nước và 5.000.000 thế cờ.',
  'lab.counts': 'Số thế cờ đã xét ở độ sâu {depth}', 'lab.col.search': 'Cách tìm', 'lab.col.nodes': 'Số thế cờ',
  'lab.col.value': 'Giá trị', 'lab.col.line': 'Biến / nước tốt nhất', 'lab.col.time': 'Thời gian',
  'lab.search.minimax': 'Minimax', 'lab.search.alphabeta': 'Alpha-beta', 'lab.search.ordered': 'Alpha-beta + sắp xếp nước',
  'lab.search.table': '+ bảng chuyển vị',
  'lab.explain.minimax': 'xét mọi nước ở mọi nút', 'lab.explain.alphabeta': 'cùng thứ tự, cắt khi α ≥ β',
  'lab.explain.ordered': 'máy tìm kiếm: tìm sâu dần, nước tốt xét trước, không bảng băm',
  'lab.explain.table': 'máy tìm kiếm nhớ các thế cờ đã gặp',
  'lab.saved': 'Alpha-beta bỏ qua {pct}% số thế cờ của minimax mà vẫn ra cùng giá trị. Gốc có {moves} nước hợp lệ.',
  'lab.treeOf': 'cây tìm kiếm của {name}', 'lab.step': 'bước', 'lab.stepOf': 'bước {step} / {last}',
  'lab.first': 'bước đầu', 'lab.prev': 'bước trước', 'lab.next': 'bước sau', 'lab.last': 'bước cuối',
  'lab.truncated': 'Hiển thị {shown} trên {total} thế cờ đầu tiên.', 'lab.more': '+{n} nước nữa', 'lab.root': 'gốc',
  'lab.enters': 'Vào {node} ({side}) với α = {alpha}, β = {beta}.',
  'lab.cuts': 'Cắt tỉa tại {node}: α {alpha} ≥ β {beta}, nên {moves} không bao giờ được xét; giá trị {value}.',
  'lab.leaves.terminal': '{node}: ván cờ kết thúc ở đây, giá trị {value}.',
  'lab.leaves.horizon': '{node}: hết độ sâu, hàm đánh giá cho {value}.',
  'lab.leaves.interior': '{node}: đã xét mọi nước đáp, giá trị {value}.',
  // Đồng hồ (chọn thời gian ở trang chủ, đồng hồ mỗi bên ở trang chơi).
  'clock.field': 'Thời gian', 'clock.untimed': 'Không tính giờ', 'clock.custom': 'Tùy chọn…',
  'clock.minutes': 'Số phút mỗi bên', 'clock.increment': 'Cộng thêm mỗi nước (giây)',
  'clock.help': 'Đồng hồ của mỗi bên chạy trong lượt của bên đó và được cộng thêm sau mỗi nước. Hết giờ là thua, hoặc hòa nếu đối phương không thể thắng. Ván có tính giờ không được đi lại, và máy suy nghĩ theo đồng hồ của nó.',
  'clock.label': 'Đồng hồ của {side}: {time}', 'clock.meta': 'Ván #{id} · {level} · đồng hồ {control}',
  'lab.legend': '▲ MAX (bên đi ở gốc) lấy giá trị lớn nhất, ▼ MIN lấy nhỏ nhất. ✂ đánh dấu các nước alpha-beta đã cắt. Bấm vào một nút để mở hoặc đóng.',
  // Notations, titles, results and server errors (vi: Vietnamese in full).
  'nav.main': 'chính', 'nav.language': 'Ngôn ngữ',
  'notation.label': 'Cách ghi nước đi', 'notation.coordinates': 'Toạ độ', 'notation.san': 'SAN (chữ tiếng Anh)',
  'notation.wxf': 'WXF (quốc tế)', 'notation.chinese': 'Chữ Hán', 'notation.vietnamese': 'Kiểu Việt Nam',
  'notation.xiangqi.coordinates': 'Toạ độ (ICCS)', 'notation.chess.coordinates': 'Toạ độ (UCI)',
  'notation.chess.vietnamese': 'SAN chữ Việt (V H X T M)',
  'title.rule.freestyle': 'tự do', 'title.rule.standard': 'chuẩn (đúng năm)', 'title.rule.caro': 'chặn hai đầu',
  'title.rule.caro5': 'chặn hai đầu, đúng năm', 'title.rule.renju': 'luật renju', 'title.flag.chess960': 'kiểu Chess960',
  'error.no_game': 'Không có ván số {subject}.', 'error.unknown_game': 'Không có trò chơi này.',
  'error.move_illegal': 'Nước {subject} không hợp lệ ở thế này.', 'error.move_unreadable': 'Không đọc được “{subject}” là một nước đi.',
  'error.move_ambiguous': '“{subject}” có thể là nhiều nước: hãy ghi rõ hơn.', 'error.game_over': 'Ván cờ đã kết thúc.',
  'error.bad_option': 'Một tuỳ chọn có giá trị trò chơi không nhận.', 'error.bad_position': 'Thế cờ này không đọc được hoặc không thể có.',
  'error.bad_notation': 'Không biết cách ghi này.', 'error.not_found': 'Không tìm thấy.', 'error.bad_request': 'Không đọc được yêu cầu.',
  'error.conflict': 'Chưa được: ván cờ đã đi tiếp hoặc máy đang nghĩ.', 'error.unprocessable': 'Máy chủ từ chối yêu cầu này.',
  'error.too_large': 'Quá lớn.', 'error.busy': 'Máy chủ đang bận; hãy thử lại.', 'error.unavailable': 'Máy chủ chưa sẵn sàng.',
  'error.internal': 'Máy chủ gặp lỗi; không mất gì cả.', 'error.refused': 'Máy chủ từ chối yêu cầu này.',
};

// Words the games send (sides, reasons, titles), translated where we know them.
const gameWords = {
  vi: {
    first: 'bên đi trước', second: 'bên đi sau', white: 'Trắng', black: 'Đen', red: 'Đỏ',
    'three in a row': 'ba quân thẳng hàng', 'five in a row': 'năm quân liên tiếp', 'full board': 'hết chỗ trống',
    checkmate: 'chiếu hết', stalemate: 'hết nước đi (pat)', resignation: 'xin thua', 'insufficient material': 'không đủ quân để chiếu hết',
    'fifty-move rule': 'luật 50 nước', 'threefold repetition': 'lặp lại ba lần', repetition: 'lặp lại nước đi',
    'no legal move': 'hết nước đi', 'perpetual check': 'chiếu mãi', 'perpetual chase': 'đuổi bắt mãi',
    // Clocks: why a game ended on time.
    'out of time': 'hết giờ', 'out of time, opponent cannot win': 'hết giờ, đối phương không thể thắng',
    'Tic-tac-toe': 'Cờ ca-rô 3×3', Chess: 'Cờ vua', 'Xiangqi (cờ tướng)': 'Cờ tướng', 'Caro (gomoku)': 'Cờ ca-rô',
    // Every other reason the games give (vi: Vietnamese in full).
    'exactly five in a row': 'đúng năm quân liên tiếp', 'five in a row, not blocked at both ends': 'năm quân liên tiếp, không bị chặn hai đầu',
    'exactly five, not blocked at both ends': 'đúng năm quân, không bị chặn hai đầu', '60 moves without a capture': '60 nước không ăn quân',
    'stalemate: no legal move, which loses in xiangqi': 'hết nước đi (trong cờ tướng là thua)', draw: 'hoà',
    'an overline (six or more) is forbidden for black in renju': 'luật renju cấm Đen tạo hàng sáu quân trở lên',
    'a four-four is forbidden for black in renju': 'luật renju cấm Đen tạo bốn-bốn',
    'a three-three is forbidden for black in renju': 'luật renju cấm Đen tạo ba-ba',
  },
};

const dictionaries = { en, vi };
const listeners = [];
let lang = (() => {
  const stored = localStorage.getItem(STORE);
  if (stored && dictionaries[stored]) return stored;
  return (navigator.language || 'en').toLowerCase().startsWith('vi') ? 'vi' : 'en';
})();

export function getLang() { return lang; }

export function setLang(next) {
  if (!dictionaries[next] || next === lang) return;
  lang = next;
  localStorage.setItem(STORE, next);
  for (const listener of listeners) listener(next);
}

export function onLangChange(listener) { listeners.push(listener); }

/** The text for `key` with `{name}` placeholders filled in. */
export function t(key, params = {}) {
  const text = dictionaries[lang][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

function word(text) {
  const words = gameWords[lang];
  if (!words || !text) return text;
  return words[text] ?? words[text.toLowerCase()] ?? text;
}

/** What players call `side` ('first' or 'second') in this game. */
export function sideName(sideNames, side) {
  const name = side === 'first' ? sideNames[0] : sideNames[1];
  const shown = word(name) || word(side);
  return shown ? shown.charAt(0).toUpperCase() + shown.slice(1) : side;
}

/** Why a game ended, in the reader's language where we know the words. */
export function reasonText(reason) { return word(reason) || ''; }

/** A game's title. */
export function gameTitle(name, title) { return word(title) || name; }
