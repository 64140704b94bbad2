// jungle.load_game, Game, State and Observation: OpenSpiel's shape over
// game::Family and game::State.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "game/family.h"
#include "py_game.h"
#include "py_state.h"

namespace py = pybind11;

namespace jungle::python {

namespace {

// A record holds plies, so a side's flip waiting for chance's outcome is not
// in it: it follows the record on a line of its own.
constexpr std::string_view kPending = "%pending ";

std::string serialize(const game::State& state) {
  if (!state.actor().is_chance()) return state.serialize();
  std::unique_ptr<game::State> before = state.clone();
  std::vector<std::string> pending;
  while (before->actor().is_chance() && !before->actions().empty()) {
    pending.insert(pending.begin(), before->actions().back());
    before->undo();
  }
  std::string text = before->serialize();
  if (!text.empty() && text.back() != '\n') text += '\n';
  for (const std::string& a : pending) text += std::string(kPending) + a + "\n";
  return text;
}

std::unique_ptr<game::State> deserialize(const PyGame& game, std::string_view text) {
  // The pending lines at the end, in order.
  std::vector<std::string_view> lines;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  std::vector<std::string> pending;
  size_t kept = text.size();
  while (!lines.empty() && (lines.back().empty() || lines.back().starts_with(kPending))) {
    if (!lines.back().empty()) {
      pending.insert(pending.begin(), std::string(lines.back().substr(kPending.size())));
    }
    kept = size_t(lines.back().data() - text.data());
    lines.pop_back();
  }
  std::vector<game::RecordedGame> games = game.family().read_records(text.substr(0, kept));
  if (games.empty() || !games.front().state) {
    throw std::invalid_argument("the text holds no arbiter's record of a game");
  }
  std::unique_ptr<game::State> state = std::move(games.front().state);
  for (const std::string& a : pending) state->apply(a);
  return state;
}

std::string viewer_text(const game::Viewer& v) {
  return game::viewer_name(v);
}

}  // namespace

void bind_game(py::module_& m) {
  m.attr("CHANCE_PLAYER") = kChancePlayer;
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;
  m.attr("BLUE") = 0;
  m.attr("RED") = 1;

  py::class_<game::Observation>(
      m, "Observation", "What one side (or a spectator) knows of a game: all an engine is given.")
      .def_property_readonly("family", [](const game::Observation& o) { return o.family; })
      .def_property_readonly("variant", [](const game::Observation& o) { return o.variant; })
      .def_property_readonly(
          "viewer",
          [](const game::Observation& o) -> std::optional<int> {
            return o.viewer ? std::optional<int>(int(*o.viewer)) : std::nullopt;
          },
          "0 Blue, 1 Red, None a spectator.")
      .def_property_readonly(
          "position", [](const game::Observation& o) { return o.position; },
          "The engine protocol's position text: replaying it gives what the viewer knows.")
      .def_property_readonly("diagram", [](const game::Observation& o) { return o.diagram; })
      .def_property_readonly(
          "to_move",
          [](const game::Observation& o) -> std::optional<int> {
            return o.to_move ? std::optional<int>(int(*o.to_move)) : std::nullopt;
          },
          "The side to act; None while chance acts or once it is over.")
      .def_property_readonly("legal_moves",
                             [](const game::Observation& o) { return o.legal_actions; })
      .def_property_readonly("plies", [](const game::Observation& o) { return o.plies; })
      .def_property_readonly(
          "result", [](const game::Observation& o) { return std::string(result_tag(o.result)); })
      .def_property_readonly("result_message",
                             [](const game::Observation& o) { return o.result_message; })
      .def("__repr__", [](const game::Observation& o) {
        return "<jungle.Observation " + o.family + " " + viewer_text(o.viewer) + ": " + o.position +
               ">";
      });

  py::class_<PyGame, std::shared_ptr<PyGame>> game_class(
      m, "Game", "A rule set of any family (jungle.load_game). Makes states; says the shapes.");
  game_class.def(py::init<std::string>(), py::arg("variant"))
      .def(py::pickle([](const PyGame& g) { return g.variant(); },
                      [](const std::string& variant) { return std::make_shared<PyGame>(variant); }))
      .def(
          "family", [](const PyGame& g) { return std::string(g.family().name()); },
          "'open', 'flip' or 'hidden'.")
      .def("variant", &PyGame::variant, "The rule set as records name it.")
      .def("title", [](const PyGame& g) { return std::string(g.family().title()); })
      .def(
          "new_initial_state",
          [](const std::shared_ptr<PyGame>& g, std::optional<uint64_t> seed) {
            return PyState(g, g->new_state("", seed));
          },
          py::arg("seed") = py::none(),
          "A game at the rule set's start. A hidden game's secret set-up is drawn with `seed` "
          "(random when None).")
      .def(
          "state_from_fen",
          [](const std::shared_ptr<PyGame>& g, const std::string& fen,
             std::optional<uint64_t> seed) { return PyState(g, g->new_state(fen, seed)); },
          py::arg("fen"), py::arg("seed") = py::none(),
          "A game from a FEN of the family (a hidden game's is the arbiter's, every animal shown).")
      .def(
          "deserialize_state",
          [](const std::shared_ptr<PyGame>& g, const std::string& text) {
            return PyState(g, deserialize(*g, text));
          },
          py::arg("text"), "The state State.serialize() wrote.")
      .def(
          "num_distinct_actions", [](const PyGame& g) { return g.codec().num_distinct_actions(); },
          "How many integers a side's action can be (docs/python.md, 'Actions').")
      .def(
          "max_chance_outcomes", [](const PyGame&) { return ActionCodec::kMaxChanceOutcomes; },
          "How many integers a chance outcome can be: the 16 pieces a flip may reveal.")
      .def("max_game_length", &PyGame::max_game_length,
           "An upper bound on the actions of one game from the rule set's no-capture limit; "
           "None where the rules set none.")
      .def("num_players", [](const PyGame&) { return 2; })
      .def("observation_tensor_shape",
           [](const PyGame& g) {
             return std::vector<int>{g.board().planes(false), g.board().geometry.ranks(),
                                     g.board().geometry.files()};
           })
      .def("information_state_tensor_shape",
           [](const PyGame& g) {
             return std::vector<int>{g.board().planes(true), g.board().geometry.ranks(),
                                     g.board().geometry.files()};
           })
      .def(
          "tensor_of",
          [](const PyGame& g, const game::Observation& o, bool information) {
            if (o.family != g.family().name()) {
              throw std::invalid_argument("the observation is of the " + o.family +
                                          " family, and this game of the " +
                                          std::string(g.family().name()) + " family");
            }
            const Board& board = g.board();
            py::array_t<float> out(
                {board.planes(information), board.geometry.ranks(), board.geometry.files()});
            observation_planes(board, o, kNoSquare, information, out.mutable_data());
            return out;
          },
          py::arg("observation"), py::arg("information") = false,
          "The tensor of an Observation alone, as a client holds it (the state's tensors also "
          "mark a flip waiting for chance, plane 19, which an Observation does not carry).")
      .def(
          "action_to_string", [](const PyGame& g, int a) { return g.codec().describe(a); },
          py::arg("action"), "Words for an integer: 'step north from a3', 'flip b2'.")
      .def(
          "string_to_action",
          [](const PyGame& g, const std::string& t) { return g.codec().encode(t); },
          py::arg("text"), "The integer of an action text ('a3a4', 'b2?', 'b2?=L'); -1 for none.")
      .def("capabilities",
           [](const PyGame& g) {
             const game::Capabilities c = g.family().capabilities();
             py::dict d;
             d["undo"] = c.undo;
             d["chance"] = c.chance;
             d["hidden_information"] = c.hidden_information;
             d["setup"] = c.setup;
             d["analysis"] = c.analysis;
             d["tablebases"] = c.tablebases;
             return d;
           })
      .def("__repr__", [](const PyGame& g) {
        return "<jungle.Game " + g.variant() + " (" + std::string(g.family().name()) + ")>";
      });

  m.def(
      "load_game", [](const std::string& variant) { return std::make_shared<PyGame>(variant); },
      py::arg("variant"),
      "The game of a shipped rule set ('standard', 'flip', 'hidden', ...) or a rule file's path.");
  m.def(
      "variants",
      []() {
        std::vector<std::string> out;
        for (const game::Family* f : game::families()) {
          for (const std::string& v : f->variants()) out.push_back(v);
        }
        return out;
      },
      "Every shipped rule set, of every family.");

  py::class_<PyState>(m, "State", "One game as the arbiter holds it (OpenSpiel's State).")
      .def("get_game", [](const PyState& s) { return std::const_pointer_cast<PyGame>(s.game); })
      .def(
          "current_player", [](const PyState& s) { return player_of(s.state->actor()); },
          "0 Blue, 1 Red, -1 chance (CHANCE_PLAYER), -4 once it is over (TERMINAL_PLAYER).")
      .def("is_terminal", [](const PyState& s) { return s.state->over(); })
      .def("is_chance_node", [](const PyState& s) { return s.state->actor().is_chance(); })
      .def(
          "legal_actions", [](const PyState& s) { return legal_codes(*s.game, *s.state); },
          "The legal integers, ascending: the side's actions, or chance's outcomes while chance "
          "acts.")
      .def(
          "legal_actions_mask",
          [](const PyState& s) {
            const int n = s.state->actor().is_chance() ? ActionCodec::kMaxChanceOutcomes
                                                       : s.game->codec().num_distinct_actions();
            py::array_t<uint8_t> mask(n);
            std::fill(mask.mutable_data(), mask.mutable_data() + n, uint8_t(0));
            for (int a : legal_codes(*s.game, *s.state)) mask.mutable_data()[a] = 1;
            return mask;
          },
          "1 at each legal integer (num_distinct_actions long; max_chance_outcomes at chance).")
      .def(
          "legal_moves", [](const PyState& s) { return s.state->legal_actions(); },
          "The legal actions as texts, in the family's order ('a3a4', 'b2?', 'b2?=L').")
      .def(
          "chance_outcomes",
          [](const PyState& s) {
            std::vector<std::pair<int, double>> out;
            for (const game::ChanceOutcome& o : s.state->chance_outcomes()) {
              out.emplace_back(s.game->codec().encode(o.action), o.probability);
            }
            std::sort(out.begin(), out.end());
            return out;
          },
          "While chance acts: [(outcome, probability)], the probabilities summing to 1.")
      .def(
          "apply_action",
          [](PyState& s, int action) { return apply_code(*s.game, *s.state, action); },
          py::arg("action"), "Plays an integer; returns the event every viewer is told.")
      .def(
          "apply_move", [](PyState& s, const std::string& text) { return s.state->apply(text); },
          py::arg("text"), "Plays an action text ('a3a4', 'b2?', 'b2?=L'); returns its event.")
      .def(
          "undo", [](PyState& s) { return s.state->undo(); },
          "Takes back the last action (chance's included); False when there is none.")
      .def("clone", &PyState::clone)
      .def("__copy__", &PyState::clone)
      .def("__deepcopy__", [](const PyState& s, py::object) { return s.clone(); })
      // Pickled as its rule set and serialize()'s text, for multiprocessing.
      .def(py::pickle(
          [](const PyState& s) { return py::make_tuple(s.game->variant(), serialize(*s.state)); },
          [](const py::tuple& t) {
            if (t.size() != 2) throw std::invalid_argument("a pickled State is (variant, text)");
            auto g = std::make_shared<PyGame>(t[0].cast<std::string>());
            return PyState(g, deserialize(*g, t[1].cast<std::string>()));
          }))
      .def(
          "returns",
          [](const PyState& s) {
            const std::array<double, 2> r = returns_of(*s.state);
            return std::vector<double>{r[0], r[1]};
          },
          "[Blue's, Red's]: +1 a win, -1 a loss, 0 a draw or a game going on.")
      .def(
          "rewards",
          [](const PyState& s) {
            const std::array<double, 2> r = returns_of(*s.state);
            return std::vector<double>{r[0], r[1]};
          },
          "As returns: the only reward comes at the end.")
      .def(
          "history",
          [](const PyState& s) {
            std::vector<int> out;
            for (const std::string& a : s.state->actions())
              out.push_back(s.game->codec().encode(a));
            return out;
          },
          "Every action so far as integers, chance's included.")
      .def(
          "history_moves", [](const PyState& s) { return s.state->actions(); },
          "Every action so far as texts, chance's included.")
      .def(
          "move_number", [](const PyState& s) { return s.state->plies(); },
          "Sides' actions so far (plies), chance's left out.")
      .def("observation", &PyState::observation, py::arg("player") = py::none(),
           "What `player` knows (0, 1; None a spectator).")
      .def(
          "observation_string",
          [](const PyState& s, std::optional<int> player) { return s.observation(player).diagram; },
          py::arg("player"),
          "The board as `player` sees it (unknown animals X and x, face-down tiles ?).")
      .def(
          "information_state_string",
          [](const PyState& s, std::optional<int> player) {
            return s.observation(player).position;
          },
          py::arg("player"), "All `player` knows of the game: the protocol's position text.")
      .def(
          "observation_tensor",
          [](const PyState& s, std::optional<int> player) { return s.tensor(player, false); },
          py::arg("player"), "Planes (observation_tensor_shape) of what `player` sees now.")
      .def(
          "information_state_tensor",
          [](const PyState& s, std::optional<int> player) { return s.tensor(player, true); },
          py::arg("player"),
          "The observation's planes and what `player` has deduced "
          "(information_state_tensor_shape).")
      .def(
          "serialize", [](const PyState& s) { return serialize(*s.state); },
          "The arbiter's record; Game.deserialize_state reads it back.")
      .def(
          "record", [](const PyState& s, const game::Tags& tags) { return s.state->record(tags); },
          py::arg("tags") = game::Tags{}, "The arbiter's record with the given (name, value) tags.")
      .def(
          "record_seen_by",
          [](const PyState& s, std::optional<int> player, const game::Tags& tags) {
            return s.state->record_seen_by(
                player ? game::Viewer(side_of_player(*player)) : std::nullopt, tags);
          },
          py::arg("player"), py::arg("tags") = game::Tags{})
      .def(
          "fen", [](const PyState& s) { return s.state->fen(); }, "The arbiter's FEN (the truth).")
      .def(
          "result", [](const PyState& s) { return std::string(result_tag(s.state->result())); },
          "'1-0', '0-1', '1/2-1/2' or '*'.")
      .def("result_message", [](const PyState& s) { return s.state->result_message(); })
      .def("termination", [](const PyState& s) { return s.state->termination(); })
      .def("__str__", [](const PyState& s) { return s.state->diagram(); })
      .def("__repr__", [](const PyState& s) {
        return "<jungle.State " + s.state->variant() + ": " + s.state->fen() + ">";
      });

  m.def(
      "perft",
      [](const PyState& s, int depth, bool divide) -> py::object {
        if (depth < 0) throw std::invalid_argument("perft depth must be 0 or more");
        const game::Actor actor = s.state->actor();
        // A flip waiting for its outcome is half a ply: the count starts
        // from a side's turn (a finished game has no leaves).
        if (actor.is_chance()) {
          throw std::invalid_argument("chance is to act: perft counts from a side's turn");
        }
        const game::Observation o =
            s.state->observe(actor.is_side() ? game::Viewer(actor.side) : std::nullopt);
        std::vector<game::PerftLine> lines;
        {
          py::gil_scoped_release release;
          std::atomic<bool> stop{false};
          lines = s.game->family().perft(o, depth, stop);
        }
        if (divide) {
          py::dict d;
          for (const game::PerftLine& l : lines) d[py::str(l.action)] = l.leaves;
          return py::object(d);
        }
        uint64_t total = 0;
        for (const game::PerftLine& l : lines) total += l.leaves;
        if (depth == 0) total = 1;
        return py::int_(total);
      },
      py::arg("state"), py::arg("depth"), py::arg("divide") = false,
      "The leaves `depth` plies below the state of its side to act (the protocol's go perft); "
      "divide=True: a dict of the root's actions.");

  m.def(
      "read_records",
      [](const std::string& text) {
        const game::Family& family = game::family_of_record(text);
        std::vector<game::RecordedGame> games = family.read_records(text);
        py::list out;
        for (game::RecordedGame& g : games) {
          if (!g.state) continue;
          auto pg = std::make_shared<PyGame>(g.state->variant());
          out.append(PyState(pg, std::move(g.state)));
        }
        return out;
      },
      py::arg("text"), "Every arbiter's game of a record text, of any family, as States.");
}

}  // namespace jungle::python
