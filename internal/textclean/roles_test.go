package textclean

import "testing"

func TestByline(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Andreas Gal∗+, Brendan Eich∗, Mike Shaver∗, David Anderson∗, Mohammad R. Haghighat$", true},
		{"Manny Rayner1, Pierrette Bouillon1, Nikos Tsourakis1, Johanna Gerlach1", true},
		{"Ashesh Jain1,2, Amir R. Zamir2, Silvio Savarese2, and Ashutosh Saxena3", true},
		{"Salden, A.H.; Goedvolk, E.-J.; Ter Doest, H.; Kersemakers, R.", true},
		{"10. Arias E, Schauman WS, Eschbach K, Sorlie PD, Backlund E. The", true},
		{"Cornell University1, Stanford University2 ashesh@cs.cornell.edu", true},
		// Headings listing phrases: no name among them is marked as one.
		{"Data Collection, Data Analysis, Model Training", false},
		{"Risk Factors, Mitigation Measures, and Residual Risks", false},
		{"U.S. Production, Imports, Exports, and Net Supply of Conventional Pesticides", false},
		{"Assets, Liabilities, and Equity", false},
		{"Table 3, Table 4, Table 5", false},
		{"Alice Smith and Bob Jones", false}, // two names: too few to tell
		{"1. Introduction", false},
	} {
		if got := Byline(c.text); got != c.want {
			t.Errorf("Byline(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestStatement(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Paying for a postsecondary education (college or trade school) is an investment.", true},
		{"Incidents also occurred throughout the calendar year, in every one of its months (n = 270).29", true},
		{"You can be instrumental in helping with the success of treatments for your cat!", true},
		{"“It is the most important decision the board will take this year, and we took it.”", true},
		{"What are the risks and what could I get in return for my money?", false}, // a question heads its answer
		{"1. Introduction.", false},
		{"Table 6.", false},
		{"Trace-based Just-in-Time Type Specialization for Dynamic Languages", false},
		{"U.S. Production, Imports, Exports and Net Supply of Conventional Pesticides, 1994/95 Estimates", false},
	} {
		if got := Statement(c.text); got != c.want {
			t.Errorf("Statement(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
