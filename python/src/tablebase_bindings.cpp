// jungle.Tablebase and jungle.generate_tablebase: the open game's endgame
// tables (docs/tablebases.md) made and probed from Python.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "bindings.h"
#include "py_game.h"
#include "tablebase/generate.h"
#include "tablebase/tablebase.h"

namespace py = pybind11;

namespace jungle::python {

namespace {

// The rule set of a game whose tables are files of the open game's format
// (a board of a rule set, and tables in its family), or a clear refusal.
// Flip Jungle's tables are built in memory (src/flip/flip_endgame.h) and
// are not files, so its games are refused here although the family has
// tables (a flip rule set has no RuleSet: without this test the probe read
// a null one).
RuleSetPtr rules_with_tables(const PyGame& game) {
  if (!game.family().capabilities().tablebases || !game.board().rules) {
    throw std::invalid_argument("the " + std::string(game.family().name()) + " family ('" +
                                game.variant() + "') has no endgame table files");
  }
  return game.board().rules;
}

class PyTablebase {
 public:
  PyTablebase(std::shared_ptr<PyGame> game, const std::string& folder)
      : game_(std::move(game)), tables_(rules_with_tables(*game_), folder) {}

  // The position of a state of this game or of a FEN in our notation, for
  // the tables (which value the board and the side to move, not the
  // history).
  Position position_of(py::object state_or_fen) const {
    const std::string fen = py::isinstance<py::str>(state_or_fen)
                                ? state_or_fen.cast<std::string>()
                                : state_or_fen.attr("fen")().cast<std::string>();
    return Position::from_fen(fen, game_->board().rules);
  }

  // (WDL, plies to the end, the moves that keep that value), or None.
  std::optional<std::tuple<std::string, int, std::vector<std::string>>> probe(
      py::object state_or_fen) const {
    const Position pos = position_of(state_or_fen);
    const std::optional<tb::Verdict> v = tables_.probe(pos);
    if (!v) return std::nullopt;
    return std::make_tuple(tb::wdl_text(v->wdl), v->distance, best_moves(pos, *v));
  }

  std::vector<std::tuple<std::string, std::string, int>> move_values(
      py::object state_or_fen) const {
    const Position pos = position_of(state_or_fen);
    std::vector<std::tuple<std::string, std::string, int>> out;
    for (const tb::Tablebase::MoveValue& mv : tables_.move_values(pos)) {
      out.emplace_back(pos.rule_set().geometry().move_text(mv.move), tb::wdl_text(mv.verdict.wdl),
                       mv.verdict.distance);
    }
    return out;
  }

  int max_pieces() const { return tables_.max_pieces(); }
  int table_count() const { return tables_.table_count(); }

 private:
  // The moves whose value is the position's own `v`: each best move (a win
  // by its shortest way, a loss by its longest, every draw).
  std::vector<std::string> best_moves(const Position& pos, const tb::Verdict& v) const {
    std::vector<std::string> out;
    for (const tb::Tablebase::MoveValue& mv : tables_.move_values(pos)) {
      if (mv.verdict.wdl == v.wdl && mv.verdict.distance == v.distance) {
        out.push_back(pos.rule_set().geometry().move_text(mv.move));
      }
    }
    return out;
  }

  std::shared_ptr<PyGame> game_;
  tb::Tablebase tables_;
};

}  // namespace

void bind_tablebase(py::module_& m) {
  py::class_<PyTablebase>(m, "Tablebase",
                          "A folder of the open game's endgame tables (docs/tablebases.md).")
      .def(py::init<std::shared_ptr<PyGame>, const std::string&>(), py::arg("game"),
           py::arg("folder"))
      .def(py::init([](const std::string& folder) {
             return std::make_unique<PyTablebase>(std::make_shared<PyGame>("standard"), folder);
           }),
           py::arg("folder"), "The standard rules' tables in `folder`.")
      .def("probe", &PyTablebase::probe, py::arg("state_or_fen"),
           "('win'|'draw'|'loss', plies to the end, [the moves that keep that value]) for the "
           "side to move of a state or a FEN (ours); None when no table covers the position.")
      .def("move_values", &PyTablebase::move_values, py::arg("state_or_fen"),
           "[(move, 'win'|'draw'|'loss', plies)] of every legal move for the side that moves, "
           "best first; [] when not covered.")
      .def_property_readonly("max_pieces", &PyTablebase::max_pieces)
      .def_property_readonly("table_count", &PyTablebase::table_count);

  m.def(
      "generate_tablebase",
      [](const std::shared_ptr<PyGame>& game, const std::string& folder, int pieces, int threads) {
        if (pieces < 1 || pieces > tb::kMaxPieces) {
          throw std::invalid_argument("pieces must be 1.." + std::to_string(tb::kMaxPieces));
        }
        auto rules = std::make_shared<const tb::TbRules>(rules_with_tables(*game));
        tb::GenerateOptions options;
        options.out = folder;
        options.pieces = pieces;
        options.threads = threads;
        tb::GenerateReport report;
        {
          py::gil_scoped_release release;
          report = tb::generate(rules, options);
        }
        return report.generated;
      },
      py::arg("game"), py::arg("folder"), py::arg("pieces"), py::arg("threads") = 1,
      "Makes every table of up to `pieces` pieces in `folder` (as `jungle tb gen --pieces N`); "
      "returns how many it made.");
}

}  // namespace jungle::python
