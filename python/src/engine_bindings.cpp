// jungle.Engine: the family's engine (game::Engine) searching what one
// side knows, with the GIL released while it thinks.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <string>

#include "bindings.h"
#include "game/engine.h"
#include "game/family.h"
#include "py_game.h"

namespace py = pybind11;

namespace jungle::python {

namespace {

struct PyLine {
  std::string score;  // "cp 35", "mate 4"
  int score_cp = 0;
  double expected = 0.5;
  std::vector<std::string> pv;
};

struct SearchResult {
  std::string best_move;
  int best_action = -1;
  std::string ponder;
  std::string score;
  int score_cp = 0;
  double expected = 0.5;
  int depth = 0;
  uint64_t nodes = 0;
  std::vector<std::string> pv;
  std::vector<PyLine> lines;
  std::vector<std::string> warnings;
};

PyLine line_of(const game::Score& score, std::vector<std::string> pv) {
  PyLine l;
  l.score = score.uci_text();
  l.score_cp = score.kind == game::Score::Kind::kMate
                   ? (score.value > 0 ? 100000 - score.value : -100000 - score.value)
                   : score.value;
  if (score.kind == game::Score::Kind::kTablebase) l.score_cp = score.value * 20000;
  l.expected = score.expected_result();
  l.pv = std::move(pv);
  return l;
}

class PyEngine {
 public:
  PyEngine(std::shared_ptr<PyGame> game, const std::map<std::string, std::string>& options)
      : game_(std::move(game)), engine_(game_->family().make_engine()) {
    for (const auto& [name, value] : options) engine_->set_option(name, value);
  }

  std::vector<std::string> set_option(const std::string& name, const std::string& value) {
    return engine_->set_option(name, value);
  }
  std::vector<std::string> option_names() const {
    std::vector<std::string> out;
    for (const game::OptionSpec& o : engine_->options()) out.push_back(o.name);
    return out;
  }
  void new_game() { engine_->new_game(); }

  SearchResult search(const game::Observation& observation, int depth, uint64_t nodes,
                      int64_t movetime_ms, int lines) {
    if (lines < 1) throw std::invalid_argument("lines must be 1 or more");
    if (lines != lines_) {
      engine_->set_option("MultiPV", std::to_string(lines));
      lines_ = lines;
    }
    game::Limits limits;
    limits.depth = depth;
    limits.nodes = nodes;
    limits.movetime_ms = movetime_ms;
    if (depth <= 0 && nodes == 0 && movetime_ms <= 0) limits.depth = 6;
    engine_->validate(observation);
    game::Answer answer;
    // The last report of each line (multipv 1, 2, ...): engines that
    // report their lines only as they search leave Answer::lines empty.
    std::map<int, game::SearchInfo> reported;
    {
      py::gil_scoped_release release;
      answer = engine_->think(observation, limits,
                              [&](const game::SearchInfo& info) { reported[info.multipv] = info; });
    }
    SearchResult r;
    r.best_move = answer.action;
    r.best_action = answer.action.empty() ? -1 : game_->codec().encode(answer.action);
    r.ponder = answer.ponder;
    r.depth = answer.depth;
    r.nodes = answer.nodes;
    r.warnings = answer.warnings;
    std::vector<std::string> pv;
    if (reported.count(1)) pv = reported[1].pv;
    if (pv.empty() || pv.front() != answer.action) pv = {answer.action};
    if (answer.action.empty()) pv.clear();
    const PyLine best = line_of(answer.score, pv);
    r.score = best.score;
    r.score_cp = best.score_cp;
    r.expected = best.expected;
    r.pv = best.pv;
    if (!answer.lines.empty()) {
      for (const game::Line& l : answer.lines) r.lines.push_back(line_of(l.score, l.actions));
    } else {
      for (const auto& [index, info] : reported) {
        if (!info.pv.empty()) r.lines.push_back(line_of(info.score, info.pv));
      }
    }
    if (r.lines.empty() && !answer.action.empty()) r.lines.push_back(best);
    if (int(r.lines.size()) > lines) r.lines.resize(size_t(lines));
    return r;
  }

  const PyGame& game() const { return *game_; }

 private:
  std::shared_ptr<PyGame> game_;
  std::unique_ptr<game::Engine> engine_;
  int lines_ = 1;
};

}  // namespace

void bind_engine(py::module_& m) {
  py::class_<PyLine>(m, "Line", "One line of analysis: its score and principal variation.")
      .def_readonly("score", &PyLine::score, "The protocol's words: 'cp 35', 'mate 4'.")
      .def_readonly("score_cp", &PyLine::score_cp,
                    "Centipawns from the side to move's view (a mate: +-100000 less the moves).")
      .def_readonly("expected", &PyLine::expected, "The expected result, 0 (a loss) to 1 (a win).")
      .def_readonly("pv", &PyLine::pv)
      .def("__repr__", [](const PyLine& l) {
        std::string pv;
        for (const std::string& a : l.pv) pv += " " + a;
        return "<jungle.Line " + l.score + ":" + pv + ">";
      });
  py::class_<SearchResult>(m, "SearchResult", "What Engine.search found.")
      .def_readonly("best_move", &SearchResult::best_move, "The action's text ('' when none).")
      .def_readonly("best_action", &SearchResult::best_action, "Its integer (-1 when none).")
      .def_readonly("ponder", &SearchResult::ponder)
      .def_readonly("score", &SearchResult::score)
      .def_readonly("score_cp", &SearchResult::score_cp)
      .def_readonly("expected", &SearchResult::expected)
      .def_readonly("depth", &SearchResult::depth)
      .def_readonly("nodes", &SearchResult::nodes)
      .def_readonly("pv", &SearchResult::pv, "The principal variation, the best action first.")
      .def_readonly("lines", &SearchResult::lines, "Every line asked for (lines=), best first.")
      .def_readonly("warnings", &SearchResult::warnings)
      .def("__repr__", [](const SearchResult& r) {
        return "<jungle.SearchResult " + r.best_move + " " + r.score + " depth " +
               std::to_string(r.depth) + ">";
      });

  py::class_<PyEngine>(m, "Engine",
                       "The engine of a game's family. It is given only what one side knows.")
      .def(py::init<std::shared_ptr<PyGame>, const std::map<std::string, std::string>&>(),
           py::arg("game"), py::arg("options") = std::map<std::string, std::string>{},
           "options: protocol options by name, e.g. {'Hash': '16', 'Seed': '1'}.")
      .def("set_option", &PyEngine::set_option, py::arg("name"), py::arg("value"))
      .def("options", &PyEngine::option_names, "The names of the options it takes.")
      .def("new_game", &PyEngine::new_game)
      .def(
          "search",
          [](PyEngine& e, py::object what, int depth, uint64_t nodes, int64_t movetime, int lines) {
            game::Observation o;
            if (py::isinstance<game::Observation>(what)) {
              o = what.cast<game::Observation>();
            } else {
              // A State: the observation of its side to act, nothing more.
              py::object actor = what.attr("current_player")();
              const int player = actor.cast<int>();
              if (player < 0) {
                throw std::invalid_argument(player == kChancePlayer
                                                ? "chance is to act: no side to search for"
                                                : "the game is over: nothing to search");
              }
              o = what.attr("observation")(player).cast<game::Observation>();
            }
            return e.search(o, depth, nodes, movetime, lines);
          },
          py::arg("state"), py::arg("depth") = 0, py::arg("nodes") = 0, py::arg("movetime") = 0,
          py::arg("lines") = 1,
          "Searches a State (as its side to act sees it) or an Observation; depth in plies, "
          "nodes, movetime in milliseconds (depth 6 when none is given); lines: MultiPV.");
}

}  // namespace jungle::python
